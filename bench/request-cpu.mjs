// Server CPU time per request on SQLite, in-process (Fastify's inject: no sockets, no load generator), for the two
// hot paths: a home timeline page and a message send. CPU time, unlike requests per second, barely moves with the
// load other programs put on the machine, so two runtimes or two SQLite drivers compare on a busy machine too.
//
//   npm run bench:cpu
//   BENCH_ROUNDS=2000 npm run bench:cpu
//   BENCH_AUTHORS=1000 npm run bench:cpu   (the reader follows 1,000 authors instead of 50, 40 statuses each)
import { loadConfig } from '../apps/server/src/config.ts';
import { buildApp } from '../apps/server/src/http/app.ts';
import { createMediaStorage } from '../apps/server/src/media/storage.ts';
import { InProcessEventBus } from '../apps/server/src/streaming/bus.ts';
import { InProcessPresence } from '../apps/server/src/streaming/presence.ts';
import { createDeployment, machineNote } from './lib/deployment.mjs';
import { seedFollowing, seedMutualFollows, seedStatuses, seedUsers } from './lib/seed.mjs';

const ROUNDS = Number(process.env.BENCH_ROUNDS || 1000);
const WARM_UP = 200;
const AUTHORS = Number(process.env.BENCH_AUTHORS || 50);

async function cpuPerRequest(request) {
  for (let index = 0; index < WARM_UP; index += 1) await request(index);
  const cpu = process.cpuUsage();
  const started = performance.now();
  for (let index = 0; index < ROUNDS; index += 1) await request(WARM_UP + index);
  const { user, system } = process.cpuUsage(cpu);
  return { cpuMs: (user + system) / 1000 / ROUNDS, wallMs: (performance.now() - started) / ROUNDS };
}

console.log(`Server CPU per request, in-process, SQLite, reader following ${AUTHORS} (${machineNote()})`);
const deployment = await createDeployment('sqlite', 'cpu');
const bus = new InProcessEventBus();
const presence = new InProcessPresence();
const app = await buildApp(
  {
    config: loadConfig({ ...deployment.env, PORT: '0', LOG_LEVEL: 'fatal' }),
    db: deployment.db,
    bus,
    presence,
    media: createMediaStorage(loadConfig({ ...deployment.env, PORT: '0' })),
  },
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

  const home = await cpuPerRequest(async () => {
    const response = await app.inject({
      url: '/api/v1/timelines/home',
      headers: { authorization: `Bearer ${reader.token}` },
    });
    if (response.statusCode !== 200) throw new Error(`home answered ${response.statusCode}`);
  });
  const send = await cpuPerRequest(async (index) => {
    const [sender, recipient] = pairs[index % pairs.length];
    const response = await app.inject({
      method: 'POST',
      url: '/api/v1/friend_messages',
      headers: { authorization: `Bearer ${sender.token}` },
      payload: { recipient_id: recipient.id, content: `message ${index}` },
    });
    if (response.statusCode !== 201) throw new Error(`send answered ${response.statusCode}`);
  });
  for (const [what, figures] of [
    ['GET home (20/page)', home],
    ['POST friend_messages', send],
  ])
    console.log(
      `${what.padEnd(22)} ${figures.cpuMs.toFixed(3)} ms CPU  ${figures.wallMs.toFixed(3)} ms wall  (${ROUNDS} requests)`,
    );
} finally {
  await app.close();
  await presence.close();
  await bus.close();
  await deployment.cleanup();
}
console.log(`done (${machineNote()})`);
