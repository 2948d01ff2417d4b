// What a PostgreSQL and a Redis outage do to two server processes sharing them: the database cut for 6 s
// behind a TCP proxy (then its connections terminated), then an own redis-server killed for 5 s while chat
// messages are sent. Prints whether the processes lived, what the requests answered and what they logged.
// Run: npm run bench:outages (OUTAGE=redis npm run bench:outages: the Redis part alone)
import { spawn } from 'node:child_process';
import pg from 'pg';
import { startTcpProxy } from '../apps/server/test/helpers/tcp-proxy.ts';
import {
  createDeployment,
  freePort,
  machineNote,
  pause,
  POSTGRES_URL,
  startServerProcesses,
} from './lib/deployment.mjs';
import { seedMutualFollows, seedUsers } from './lib/seed.mjs';

async function startRedis(port) {
  const child = spawn('redis-server', ['--port', String(port), '--save', '', '--appendonly', 'no'], {
    stdio: 'ignore',
  });
  await pause(300);
  return child;
}

const tally = (answers) =>
  Object.entries(answers.reduce((counts, status) => ({ ...counts, [status]: (counts[status] ?? 0) + 1 }), {}))
    .map(([status, count]) => `${count}×${status}`)
    .join(', ');

async function request(server, user, path, body) {
  if (server.child.exitCode !== null) return 'dead';
  try {
    const response = await fetch(`${server.url}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(10_000),
    });
    return String(response.status);
  } catch {
    return 'no answer';
  }
}

const linesMatching = (server, pattern) =>
  server.output
    .join('')
    .split('\n')
    .filter((line) => pattern.test(line)).length;

const proxy = await startTcpProxy(Number(new URL(POSTGRES_URL).port || 5432));
const redisPort = await freePort();
let redis = await startRedis(redisPort);
const deployment = await createDeployment('postgres', 'outages');
const databaseUrl = new URL(POSTGRES_URL);
databaseUrl.host = `127.0.0.1:${proxy.port}`;
databaseUrl.searchParams.set('application_name', 'palchat_bench_outages');
const env = {
  ...deployment.env,
  DATABASE_URL: databaseUrl.toString(),
  REDIS_URL: `redis://127.0.0.1:${redisPort}`,
};
const [alice, bob] = await seedUsers(deployment.db, 2, 'outage');
await seedMutualFollows(deployment.db, [[alice, bob]]);
await deployment.closeDatabase();
const servers = await startServerProcesses(env, 2);
console.log(machineNote());

// PostgreSQL: a 6 s network cut, then every connection terminated
// (OUTAGE=redis skips it: before the fix the processes die here, and the Redis figures need them alive)
if (process.env.OUTAGE !== 'redis') {
  proxy.cut();
  const duringCut = [];
  for (let tick = 0; tick < 12; tick += 1) {
    for (const server of servers)
      duringCut.push(await request(server, alice, '/api/v1/statuses', { status: 'x' }));
    await pause(500);
  }
  proxy.restore();
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await pause(1000);
  await admin.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where application_name = 'palchat_bench_outages'",
  );
  await admin.end();
  const afterCut = [];
  const backAt = performance.now();
  let recoveredMs = null;
  for (let tick = 0; tick < 40 && recoveredMs === null; tick += 1) {
    const answers = await Promise.all(
      servers.map((server) => request(server, alice, '/api/v1/statuses', { status: 'y' })),
    );
    afterCut.push(...answers);
    if (answers.every((status) => status === '200')) recoveredMs = performance.now() - backAt;
    else await pause(250);
  }
  const alive = servers.filter((server) => server.child.exitCode === null).length;
  console.log(`PostgreSQL cut 6 s, then pg_terminate_backend: ${alive} of ${servers.length} processes alive`);
  console.log(`  during the cut: ${tally(duringCut)}`);
  console.log(
    `  after: ${tally(afterCut)}; both answer 200 ${recoveredMs === null ? 'never (10 s)' : `${Math.round(recoveredMs)} ms`} after the termination`,
  );
  console.log(
    `  log lines per process: ${servers.map((server) => linesMatching(server, /database unavailable|ECONNRESET|terminat/i)).join(', ')}`,
  );
}

// Redis: killed for 5 s while chat messages are sent
const outputBefore = servers.map((server) => server.output.length);
redis.kill('SIGKILL');
const duringRedis = [];
for (let tick = 0; tick < 10; tick += 1) {
  for (const server of servers)
    duringRedis.push(
      await request(server, alice, '/api/v1/friend_messages', { recipient_id: bob.id, content: `m${tick}` }),
    );
  await pause(500);
}
redis = await startRedis(redisPort);
await pause(3000);
const unhandled = servers.map(
  (server, index) =>
    server.output
      .slice(outputBefore[index])
      .join('')
      .split('\n')
      .filter((line) => /Unhandled error event/.test(line)).length,
);
console.log(
  `Redis killed 5 s: ${servers.filter((server) => server.child.exitCode === null).length} processes alive`,
);
console.log(`  chat messages sent meanwhile: ${tally(duringRedis)}`);
console.log(`  "Unhandled error event" lines per process: ${unhandled.join(', ')}`);

await Promise.all(servers.map((server) => server.stop()));
redis.kill('SIGKILL');
await proxy.close();
await deployment.cleanup();
