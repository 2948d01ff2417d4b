// 200 concurrent clients reading and writing at once (home pages, conversation lists, unread badges, message
// sends), and meanwhile one client asking for GET /api/v1/instance every 20 ms: how long that trivial request
// waits behind the load (issue #14's goal: p99 < 50 ms, no error), with the errors of the load itself.
//
//   npm run bench:mixed
//   BENCH_MODES=sqlite BENCH_CONNECTIONS=200 BENCH_SECONDS=10 npm run bench:mixed
//
// Modes: `sqlite` (one process) and `postgres` (two processes on PostgreSQL + Redis, load spread over both).
// The load generator and the probe share this process: its own pauses are in the probe's figures too.
import autocannon from 'autocannon';
import { createDeployment, machineNote, pause } from './lib/deployment.mjs';
import {
  messageSendRequest,
  runnableModes,
  seedRestScenario,
  startProbedServers,
  warmUp,
} from './lib/rest-scenario.mjs';
import { ms, summarize } from './lib/stats.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite,postgres').split(',').filter(Boolean);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 200);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const PROBE_EVERY_MS = 20;

/** Each connection cycles through these: three reads, then a write. */
function mixedRequests({ reader, pairs }) {
  const asReader = { authorization: `Bearer ${reader.token}` };
  const [someone] = pairs[0];
  const asChatter = { authorization: `Bearer ${someone.token}` };
  return [
    { method: 'GET', path: '/api/v1/timelines/home', headers: asReader },
    { method: 'GET', path: '/api/v1/friend_messages/conversations', headers: asChatter },
    { method: 'GET', path: '/api/v1/friend_messages/unread_count', headers: asChatter },
    messageSendRequest(pairs),
  ];
}

/** Asks for the instance every PROBE_EVERY_MS until `done()`: each answer's latency, and the failures. */
async function probeInstance(url, done) {
  const latencies = [];
  let failures = 0;
  while (!done()) {
    const started = performance.now();
    try {
      const response = await fetch(`${url}/api/v1/instance`);
      await response.arrayBuffer();
      if (response.status === 200) latencies.push(performance.now() - started);
      else failures += 1;
    } catch {
      failures += 1;
    }
    await pause(PROBE_EVERY_MS);
  }
  return { ...summarize(latencies), failures };
}

async function run(mode) {
  const deployment = await createDeployment(mode, 'mixed');
  let servers;
  try {
    const scenario = await seedRestScenario(deployment.db);
    await deployment.closeDatabase();
    servers = await startProbedServers(deployment.env, mode === 'postgres' ? 2 : 1);
    const { urls, loopP99 } = servers;
    await warmUp(urls[0], scenario);
    await loopP99();

    let finished = false;
    const probe = probeInstance(urls[urls.length - 1], () => finished);
    const failures = new Map();
    const count = (what) => failures.set(what, (failures.get(what) ?? 0) + 1);
    const load = await new Promise((resolve, reject) => {
      const instance = autocannon(
        {
          url: urls.length === 1 ? urls[0] : urls,
          connections: CONNECTIONS,
          duration: SECONDS,
          requests: mixedRequests(scenario),
        },
        (error, result) => (error ? reject(error) : resolve(result)),
      );
      // what the failures were: a status (with the path) or a client-side error (timeouts among them)
      instance.on('response', (client, status) => {
        if (status >= 300)
          count(`${status} ${client.getRequestBuffer?.().toString().split(' ', 2).join(' ') ?? ''}`);
      });
      instance.on('reqError', (error) => count(error.code ?? error.message));
    });
    finished = true;
    const instance = await probe;
    const loop = await loopP99();
    const loadFailures = load.non2xx + load.errors + load.timeouts;
    return [
      `${mode.padEnd(8)} mixed load             ${load.requests.average.toFixed(0).padStart(6)} req/s  ` +
        `p50 ${ms(load.latency.p50)}  p99 ${ms(load.latency.p99)}  errors ${loadFailures} of ` +
        `${load.requests.total}  event-loop delay p99 ${ms(loop)}  (${CONNECTIONS} connections, ${SECONDS} s)` +
        (failures.size
          ? `\n${mode.padEnd(8)} failures: ${[...failures].map(([what, n]) => `${what} ×${n}`).join(', ')}`
          : ''),
      `${mode.padEnd(8)} GET /api/v1/instance  p50 ${ms(instance.p50)}  p99 ${ms(instance.p99)}  ` +
        `max ${ms(instance.max)}  errors ${instance.failures} of ${instance.count + instance.failures}`,
    ];
  } finally {
    await servers?.stop();
    await deployment.cleanup();
  }
}

console.log(`Mixed load (${machineNote()})`);
for (const mode of await runnableModes(MODES)) for (const row of await run(mode)) console.log(row);
console.log(`done (${machineNote()})`);
