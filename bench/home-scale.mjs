// Home timeline cost against history: the same reader, following 1,000 accounts, with 1,000 and with 100,000
// statuses in the database; prints the page's latency (sequential requests) and the server's event-loop delay.
//
//   npm run bench:home
//   BENCH_MODES=sqlite,postgres BENCH_SIZES=1000,100000 BENCH_REQUESTS=300 npm run bench:home
import {
  createDeployment,
  machineNote,
  sharedStorageAvailable,
  startServerProcess,
} from './lib/deployment.mjs';
import { eventLoopProbe } from './lib/event-loop.mjs';
import { seedFollowing, seedStatuses, seedUsers } from './lib/seed.mjs';
import { ms, summarize } from './lib/stats.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite').split(',').filter(Boolean);
const SIZES = (process.env.BENCH_SIZES || '1000,100000').split(',').map(Number);
const REQUESTS = Number(process.env.BENCH_REQUESTS || 300);
const FOLLOWED = 1000;
const PATH = '/api/v1/timelines/home?limit=40';

async function run(mode, size) {
  const deployment = await createDeployment(mode, `home${size}`);
  let server = null;
  try {
    const [reader] = await seedUsers(deployment.db, 1, 'reader');
    const authors = await seedUsers(deployment.db, FOLLOWED, 'author');
    await seedFollowing(deployment.db, reader, authors);
    await seedStatuses(deployment.db, authors, Math.max(1, Math.round(size / FOLLOWED)));
    await deployment.closeDatabase();
    const probe = eventLoopProbe();
    server = await startServerProcess(deployment.env, probe.serverOptions);
    const headers = { authorization: `Bearer ${reader.token}` };
    const read = async () => {
      const response = await fetch(`${server.url}${PATH}`, { headers });
      const body = await response.json();
      if (response.status !== 200 || body.length !== 40) throw new Error(`home answered ${response.status}`);
    };
    const firstStarted = performance.now();
    await read(); // a server with materialized feeds builds the reader's feed here
    const first = performance.now() - firstStarted;
    for (let index = 0; index < 10; index += 1) await read();
    await probe.read(server);
    const latencies = [];
    for (let index = 0; index < REQUESTS; index += 1) {
      const started = performance.now();
      await read();
      latencies.push(performance.now() - started);
    }
    const loop = await probe.read(server);
    const stats = summarize(latencies);
    return {
      size,
      p50: stats.p50,
      line:
        `${mode.padEnd(8)} ${String(size).padStart(7)} statuses  home p50 ${ms(stats.p50)}  p99 ${ms(stats.p99)}  ` +
        `(first read ${ms(first)}, ${REQUESTS} sequential reads)  event-loop delay p99 ${ms(loop.p99)} ` +
        `max ${ms(loop.max)}`,
    };
  } finally {
    await server?.stop();
    await deployment.cleanup();
  }
}

console.log(`Home timeline against history (${machineNote()})`);
const shared = await sharedStorageAvailable();
for (const mode of MODES) {
  if (mode === 'postgres' && !shared.postgres) {
    console.log('postgres: skipped (PostgreSQL down)');
    continue;
  }
  const results = [];
  for (const size of SIZES) {
    const result = await run(mode, size);
    results.push(result);
    console.log(result.line);
  }
  const [small, large] = [results[0], results[results.length - 1]];
  if (small && large && small !== large)
    console.log(
      `${mode.padEnd(8)} p50 at ${large.size} / p50 at ${small.size}: ${(large.p50 / small.p50).toFixed(2)}`,
    );
}
console.log(`done (${machineNote()})`);
