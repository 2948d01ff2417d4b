// REST throughput with autocannon at a fixed concurrency: home timeline reads and message sends per second.
//
//   npm run bench:rest
//   BENCH_MODES=sqlite BENCH_CONNECTIONS=20 BENCH_SECONDS=10 npm run bench:rest
//
// Modes: `sqlite` (one process) and `postgres` (two processes on PostgreSQL + Redis, requests spread over both).
import autocannon from 'autocannon';
import {
  createDeployment,
  machineNote,
  sharedStorageAvailable,
  startServerProcess,
} from './lib/deployment.mjs';
import { eventLoopProbe } from './lib/event-loop.mjs';
import { seedFollowing, seedMutualFollows, seedStatuses, seedUsers } from './lib/seed.mjs';
import { ms } from './lib/stats.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite,postgres').split(',').filter(Boolean);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const AUTHORS = 50;
const STATUSES_PER_AUTHOR = 40;
const SENDER_PAIRS = 100;

function cannon(options) {
  return new Promise((resolve, reject) => {
    autocannon({ connections: CONNECTIONS, duration: SECONDS, ...options }, (error, result) =>
      error ? reject(error) : resolve(result),
    );
  });
}

function line(mode, what, result, loopP99) {
  const ok = result['2xx'];
  const failed = result.non2xx + result.errors + result.timeouts;
  return (
    `${mode.padEnd(8)} ${what.padEnd(22)} ${result.requests.average.toFixed(0).padStart(6)} req/s  ` +
    `latency p50 ${ms(result.latency.p50)}  p99 ${ms(result.latency.p99)}  event-loop delay p99 ` +
    `${ms(loopP99)}  (${ok} ok, ${failed} failed, ${CONNECTIONS} connections, ${SECONDS} s)`
  );
}

async function run(mode) {
  const processCount = mode === 'postgres' ? 2 : 1;
  const deployment = await createDeployment(mode, 'rest');
  const servers = [];
  try {
    const [reader] = await seedUsers(deployment.db, 1, 'reader');
    const authors = await seedUsers(deployment.db, AUTHORS, 'author');
    await seedFollowing(deployment.db, reader, authors);
    await seedStatuses(deployment.db, authors, STATUSES_PER_AUTHOR);
    const chatters = await seedUsers(deployment.db, SENDER_PAIRS * 2, 'chatter');
    const pairs = [];
    for (let index = 0; index + 1 < chatters.length; index += 2)
      pairs.push([chatters[index], chatters[index + 1]]);
    await seedMutualFollows(deployment.db, pairs);
    await deployment.closeDatabase();
    const probes = Array.from({ length: processCount }, () => eventLoopProbe());
    servers.push(
      ...(await Promise.all(probes.map((probe) => startServerProcess(deployment.env, probe.serverOptions)))),
    );
    const urls = servers.map((server) => server.url);
    /** The worst event-loop delay p99 over the server processes since the previous call. */
    const loopP99 = async () =>
      Math.max(
        ...(await Promise.all(probes.map((probe, index) => probe.read(servers[index])))).map((f) => f.p99),
      );

    // Warm-up: one message per pair creates the conversations.
    for (const [sender, recipient] of pairs) {
      const response = await fetch(`${urls[0]}/api/v1/friend_messages`, {
        method: 'POST',
        headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ recipient_id: recipient.id, content: 'hello' }),
      });
      if (response.status !== 201) throw new Error(`warm-up send answered ${response.status}`);
    }
    const home = await fetch(`${urls[0]}/api/v1/timelines/home`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    const homeLength = (await home.json()).length;
    if (home.status !== 200 || homeLength === 0) throw new Error(`home timeline answered ${home.status}`);
    await loopP99();

    const timeline = await cannon({
      url:
        urls.length === 1
          ? `${urls[0]}/api/v1/timelines/home`
          : urls.map((url) => `${url}/api/v1/timelines/home`),
      headers: { authorization: `Bearer ${reader.token}` },
    });
    const timelineLoop = await loopP99();
    let next = 0;
    const sends = await cannon({
      url: urls.length === 1 ? urls[0] : urls,
      requests: [
        {
          method: 'POST',
          path: '/api/v1/friend_messages',
          setupRequest(request) {
            const [sender, recipient] = pairs[next++ % pairs.length];
            return {
              ...request,
              headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
              body: JSON.stringify({ recipient_id: recipient.id, content: `load ${next}` }),
            };
          },
        },
      ],
    });
    const sendsLoop = await loopP99();
    return [
      line(mode, `GET home (${homeLength}/page)`, timeline, timelineLoop),
      line(mode, 'POST friend_messages', sends, sendsLoop),
    ];
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await deployment.cleanup();
  }
}

console.log(`REST throughput (${machineNote()})`);
const shared = await sharedStorageAvailable();
for (const mode of MODES) {
  if (mode === 'postgres' && !shared.both) {
    console.log(
      `postgres: skipped (PostgreSQL ${shared.postgres ? 'up' : 'down'}, Redis ${shared.redis ? 'up' : 'down'})`,
    );
    continue;
  }
  for (const row of await run(mode)) console.log(row);
}
console.log(`done (${machineNote()})`);
