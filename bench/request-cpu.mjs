// Server CPU time per request, in-process (Fastify's inject: no sockets, no load generator), for the two
// hot paths: a home timeline page and a message send. CPU time, unlike requests per second, barely moves with the
// load other programs put on the machine, so two runtimes or two SQLite drivers compare on a busy machine too.
//
//   npm run bench:cpu
//   BENCH_ROUNDS=2000 npm run bench:cpu
//   BENCH_AUTHORS=1000 npm run bench:cpu   (the reader follows 1,000 authors instead of 50, 40 statuses each)
//   BENCH_MODE=postgres npm run bench:cpu   (PostgreSQL + Redis, as a deployment of several processes: rate
//                                            limits, events and presence through Redis; also the CPU the
//                                            PostgreSQL backends spent, read from /proc)
//   BENCH_READS=home,list,local npm run bench:cpu   (also the reader's list of the authors it follows, and the
//                                                   local timeline read signed in; home only by default)
//   BENCH_CPU_PROF=/tmp/prof npm run bench:cpu   (a V8 CPU profile of the measured rounds of each path, for
//                                                  bench/profile-summary.mjs or Chrome DevTools)
import fs from 'node:fs';
import { Session } from 'node:inspector/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/http/app.ts';
import { createMediaStorage } from '../apps/server/src/media/storage.ts';
import { createSharedServices } from '../apps/server/src/server.ts';
import { createDeployment, machineNote } from './lib/deployment.mjs';
import { processCpuMs } from './lib/process-cpu.mjs';
import { readerList } from './lib/rest-scenario.mjs';
import { seedFollowing, seedMutualFollows, seedStatuses, seedUsers } from './lib/seed.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 1000);
const WARM_UP = 200;
const AUTHORS = Number(process.env.BENCH_AUTHORS || 50);
const MODE = process.env.BENCH_MODE || 'sqlite';
const PROFILE_DIR = process.env.BENCH_CPU_PROF;
const READS = (process.env.BENCH_READS || 'home').split(',').filter(Boolean);

async function profiled(name, run) {
  if (!PROFILE_DIR) return run();
  const session = new Session();
  session.connect();
  await session.post('Profiler.enable');
  await session.post('Profiler.start');
  const result = await run();
  const { profile } = await session.post('Profiler.stop');
  session.disconnect();
  fs.mkdirSync(PROFILE_DIR, { recursive: true });
  const file = path.join(PROFILE_DIR, `${name}.cpuprofile`);
  fs.writeFileSync(file, JSON.stringify(profile));
  console.log(`profile: ${file}`);
  return result;
}

/** The PostgreSQL backends serving the app's pool: every pooled connection held at once, each asked its pid. */
async function poolBackends(db) {
  const rows = await Promise.all(
    Array.from({ length: 10 }, () =>
      sql`select pg_backend_pid() as pid, pg_sleep(0.05)`.execute(db).then((result) => result.rows[0].pid),
    ),
  );
  return [...new Set(rows)];
}

/** CPU time (ms) of each process in `pids`, from /proc (utime + stime); a process gone meanwhile keeps its figure. */
function processesCpuMs(pids, previous = new Map()) {
  const figures = new Map(previous);
  for (const pid of pids) {
    if (!fs.existsSync(`/proc/${pid}/stat`)) continue;
    figures.set(pid, processCpuMs(pid));
  }
  return figures;
}

const sum = (figures) => [...figures.values()].reduce((total, value) => total + value, 0);

async function cpuPerRequest(name, request, backends) {
  for (let index = 0; index < WARM_UP; index += 1) await request(index);
  return profiled(name, async () => {
    const cpu = process.cpuUsage();
    const databaseCpu = processesCpuMs(backends);
    const started = performance.now();
    for (let index = 0; index < ROUNDS; index += 1) await request(WARM_UP + index);
    const { user, system } = process.cpuUsage(cpu);
    return {
      cpuMs: (user + system) / 1000 / ROUNDS,
      databaseMs: (sum(processesCpuMs(backends, databaseCpu)) - sum(databaseCpu)) / ROUNDS,
      wallMs: (performance.now() - started) / ROUNDS,
    };
  });
}

console.log(
  `Server CPU per request, in-process, ${MODE}${MODE === 'postgres' ? ' + Redis' : ''}, reader following ` +
    `${AUTHORS} (${machineNote()})`,
);
const deployment = await createDeployment(MODE, 'cpu');
const config = loadConfig({ ...deployment.env, PORT: '0', LOG_LEVEL: 'fatal' });
// what a server process makes of the deployment's environment: through Redis when it names one (postgres)
const shared = await createSharedServices(config, (what, error) => {
  throw new Error(`${what} failed: ${error}`);
});
const app = await buildApp(
  { config, db: deployment.db, ...shared.services, media: createMediaStorage(config) },
  { logger: false },
);
try {
  const [reader] = await seedUsers(deployment.db, 1, 'reader');
  const authors = await seedUsers(deployment.db, AUTHORS, 'author');
  await seedFollowing(deployment.db, reader, authors);
  await seedStatuses(deployment.db, authors, 40);
  const chatters = await seedUsers(deployment.db, 200, 'chatter');
  const pairs = [];
  for (let index = 0; index + 1 < chatters.length; index += 2)
    pairs.push([chatters[index], chatters[index + 1]]);
  await seedMutualFollows(deployment.db, pairs);

  const backends = MODE === 'postgres' ? await poolBackends(deployment.db) : [];
  const asReader = { authorization: `Bearer ${reader.token}` };
  // the timelines read with the reader's token, by name
  const paths = { home: '/api/v1/timelines/home', local: '/api/v1/timelines/public?local=true' };
  if (READS.includes('list')) {
    const post = async (url, payload) =>
      (await app.inject({ method: 'POST', url, headers: asReader, payload })).json();
    paths.list = `/api/v1/timelines/list/${await readerList(post, { authors })}`;
  }
  const figuresOf = [];
  for (const name of READS.filter((read) => read in paths)) {
    const figures = await cpuPerRequest(
      name,
      async () => {
        const response = await app.inject({ url: paths[name], headers: asReader });
        if (response.statusCode !== 200) throw new Error(`${name} answered ${response.statusCode}`);
      },
      backends,
    );
    figuresOf.push([`GET ${name} (20/page)`, figures]);
  }
  const send = await cpuPerRequest(
    'send',
    async (index) => {
      const [sender, recipient] = pairs[index % pairs.length];
      const response = await app.inject({
        method: 'POST',
        url: '/api/v1/friend_messages',
        headers: { authorization: `Bearer ${sender.token}` },
        payload: { recipient_id: recipient.id, content: `message ${index}` },
      });
      if (response.statusCode !== 201) throw new Error(`send answered ${response.statusCode}`);
    },
    backends,
  );
  for (const [what, figures] of [...figuresOf, ['POST friend_messages', send]])
    console.log(
      `${what.padEnd(22)} ${figures.cpuMs.toFixed(3)} ms CPU` +
        (MODE === 'postgres' ? ` + ${figures.databaseMs.toFixed(3)} ms PostgreSQL CPU` : '') +
        `  ${figures.wallMs.toFixed(3)} ms wall  (${ROUNDS} requests)`,
    );
} finally {
  await app.close();
  await shared.close();
  await deployment.cleanup();
}
console.log(`done (${machineNote()})`);
