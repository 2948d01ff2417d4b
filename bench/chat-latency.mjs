// Chat delivery latency: N connected WebSocket users on loopback, senders posting at a fixed rate; the time
// from just before POST /api/v1/friend_messages to the recipient's socket receiving the `friend_message`.
//
//   npm run bench:latency
//   BENCH_MODES=sqlite BENCH_USERS=1000 BENCH_RATE=100 BENCH_SECONDS=20 npm run bench:latency
//
// Modes: `sqlite` (one process, embedded database, in-process bus) and `postgres` (two processes on one
// PostgreSQL schema and Redis; every message is posted to process 1 and received on a socket of process 2).
import fs from 'node:fs';
import { performance } from 'node:perf_hooks';
import WebSocket from 'ws';
import {
  createDeployment,
  machineNote,
  pause,
  sharedStorageAvailable,
  startServerProcess,
} from './lib/deployment.mjs';
import { eventLoopProbe } from './lib/event-loop.mjs';
import { processCpuMs } from './lib/process-cpu.mjs';
import { withCpuProfile } from './lib/rest-scenario.mjs';
import { seedMutualFollows, seedUsers } from './lib/seed.mjs';
import { ms, summarize } from './lib/stats.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite,postgres').split(',').filter(Boolean);
const USER_COUNTS = (process.env.BENCH_USERS || '1000,5000').split(',').map(Number);
const RATE = Number(process.env.BENCH_RATE || 50);
const SECONDS = Number(process.env.BENCH_SECONDS || 15);
const SENDER_PAIRS = Number(process.env.BENCH_SENDERS || 100);
const CONNECT_CONCURRENCY = 100;
const DRAIN_MS = 5000;
// BENCH_CPU_PROF=<folder>: server processes write V8 CPU profiles there (open them in Chrome DevTools, or
// summarize them with `node bench/profile-summary.mjs <file>`).

function cpuSeconds(pid) {
  try {
    return processCpuMs(pid) / 1000;
  } catch {
    return NaN;
  }
}

function connect(server, user, onMessage) {
  return new Promise((resolve, reject) => {
    const url = `${server.url.replace(/^http/, 'ws')}/api/v1/streaming/?stream=user&access_token=${encodeURIComponent(user.token)}`;
    const socket = new WebSocket(url);
    socket.on('message', (data) => onMessage(user, data));
    socket.once('open', () => resolve(socket));
    socket.once('error', reject);
  });
}

async function connectAll(users, serverOf, onMessage) {
  const sockets = new Array(users.length);
  let next = 0;
  const worker = async () => {
    while (next < users.length) {
      const index = next++;
      sockets[index] = await connect(serverOf(index), users[index], onMessage);
    }
  };
  await Promise.all(Array.from({ length: CONNECT_CONCURRENCY }, worker));
  return sockets;
}

async function post(server, sender, recipient, content) {
  const response = await fetch(`${server.url}/api/v1/friend_messages`, {
    method: 'POST',
    headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
    body: JSON.stringify({ recipient_id: recipient.id, content }),
  });
  await response.arrayBuffer();
  if (response.status !== 201) throw new Error(`POST answered ${response.status}`);
}

async function run(mode, userCount) {
  const processCount = mode === 'postgres' ? 2 : 1;
  const deployment = await createDeployment(mode, `latency_${userCount}`);
  const servers = [];
  const sockets = [];
  try {
    const seedStart = performance.now();
    const users = await seedUsers(deployment.db, userCount, 'chat');
    const pairs = [];
    for (let index = 0; index + 1 < users.length; index += 2) pairs.push([users[index], users[index + 1]]);
    await seedMutualFollows(deployment.db, pairs);
    await deployment.closeDatabase();
    const seedMs = performance.now() - seedStart;

    const loopProbes = Array.from({ length: processCount }, () => eventLoopProbe());
    servers.push(
      ...(await Promise.all(
        loopProbes.map((probe) => startServerProcess(deployment.env, withCpuProfile(probe.serverOptions))),
      )),
    );
    const loopDelays = () => Promise.all(loopProbes.map((probe, index) => probe.read(servers[index])));
    // Senders (even indexes) hold sockets on process 1 and post there; recipients (odd) are on the last process.
    const serverOf = (index) => servers[index % 2 === 0 ? 0 : servers.length - 1];

    const pending = new Map();
    const latencies = [];
    const onMessage = (user, data) => {
      const raw = data.toString();
      if (!raw.includes('"friend_message"')) return;
      const received = performance.now();
      const payload = JSON.parse(JSON.parse(raw).payload);
      const entry = pending.get(payload.content);
      if (!entry || entry.recipient !== user.id) return;
      pending.delete(payload.content);
      entry.resolve?.();
      if (entry.measured) latencies.push(received - entry.sentAt);
    };
    const connectStart = performance.now();
    sockets.push(...(await connectAll(users, serverOf, onMessage)));
    const connectMs = performance.now() - connectStart;
    await pause(1000);

    const senderPairs = pairs.slice(0, Math.min(SENDER_PAIRS, pairs.length));
    // Warm-up: one message per pair (creates the conversations, proves every recipient's subscription).
    await Promise.all(
      senderPairs.map(async ([sender, recipient], index) => {
        for (let attempt = 0; ; attempt += 1) {
          const content = `warm ${index} ${attempt}`;
          const arrived = new Promise((resolve) => {
            pending.set(content, {
              recipient: recipient.id,
              sentAt: performance.now(),
              measured: false,
              resolve,
            });
          });
          await post(servers[0], sender, recipient, content);
          const ok = await Promise.race([arrived.then(() => true), pause(3000).then(() => false)]);
          if (ok) return;
          pending.delete(content);
          if (attempt >= 3) throw new Error(`warm-up message ${index} never arrived`);
        }
      }),
    );

    const total = Math.round(RATE * SECONDS);
    await loopDelays();
    const cpuBefore = servers.map((server) => cpuSeconds(server.child.pid));
    let errors = 0;
    const inFlight = [];
    const start = performance.now();
    for (let seq = 0; seq < total; seq += 1) {
      const due = start + (seq * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 1) await pause(wait);
      const [sender, recipient] = senderPairs[seq % senderPairs.length];
      const content = `bench ${seq}`;
      pending.set(content, { recipient: recipient.id, sentAt: performance.now(), measured: true });
      inFlight.push(
        post(servers[0], sender, recipient, content).catch(() => {
          errors += 1;
          pending.delete(content);
        }),
      );
    }
    const sendSeconds = (performance.now() - start) / 1000;
    await Promise.all(inFlight);
    const drainUntil = performance.now() + DRAIN_MS;
    while (latencies.length + errors < total && performance.now() < drainUntil) await pause(20);
    const cpu = servers.map((server, index) => cpuSeconds(server.child.pid) - cpuBefore[index]);
    const loops = await loopDelays();
    const summary = summarize(latencies);
    return {
      mode,
      processes: processCount,
      users: userCount,
      rate: RATE,
      sent: total,
      achievedRate: total / sendSeconds,
      received: latencies.length,
      lost: total - errors - latencies.length,
      errors,
      ...summary,
      seedMs,
      connectMs,
      serverCpuPercent: cpu.map((seconds) => (100 * seconds) / sendSeconds),
      loopP99: loops.map((loop) => loop.p99),
      loopMax: loops.map((loop) => loop.max),
    };
  } finally {
    for (const socket of sockets) socket?.terminate();
    await Promise.all(servers.map((server) => server.stop()));
    await deployment.cleanup();
  }
}

function print(result) {
  console.log(
    `${result.mode.padEnd(8)} ${String(result.processes)} proc  ${String(result.users).padStart(5)} users  ` +
      `${result.rate}/s x ${SECONDS}s (achieved ${result.achievedRate.toFixed(1)}/s)  ` +
      `p50 ${ms(result.p50)}  p95 ${ms(result.p95)}  p99 ${ms(result.p99)}  max ${ms(result.max)}  ` +
      `received ${result.received}/${result.sent}  lost ${result.lost}  errors ${result.errors}  ` +
      `server CPU ${result.serverCpuPercent.map((value) => `${value.toFixed(0)}%`).join('+')}  ` +
      `event-loop delay p99 ${result.loopP99.map(ms).join('+')} max ${result.loopMax.map(ms).join('+')}  ` +
      `(seed ${(result.seedMs / 1000).toFixed(1)} s, connect ${(result.connectMs / 1000).toFixed(1)} s)`,
  );
}

console.log(`Chat delivery latency, POST to receipt on the recipient's socket (${machineNote()})`);
const shared = await sharedStorageAvailable();
const results = [];
for (const mode of MODES) {
  if (mode === 'postgres' && !shared.both) {
    console.log(
      `postgres: skipped (PostgreSQL ${shared.postgres ? 'up' : 'down'}, Redis ${shared.redis ? 'up' : 'down'})`,
    );
    continue;
  }
  for (const users of USER_COUNTS) {
    const result = await run(mode, users);
    print(result);
    results.push(result);
  }
}
if (process.env.BENCH_JSON) fs.writeFileSync(process.env.BENCH_JSON, JSON.stringify(results, null, 2));
console.log(`done (${machineNote()})`);
