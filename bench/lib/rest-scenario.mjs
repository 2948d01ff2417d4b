import { sharedStorageAvailable, startServerProcess } from './deployment.mjs';
import { eventLoopProbe } from './event-loop.mjs';
import { seedFollowing, seedMutualFollows, seedStatuses, seedUsers } from './seed.mjs';

const AUTHORS = 50;
const STATUSES_PER_AUTHOR = 40;
const SENDER_PAIRS = 100;

/**
 * The REST benches' data: a reader following AUTHORS accounts that posted STATUSES_PER_AUTHOR statuses each, and
 * SENDER_PAIRS pairs of mutual follows who message each other.
 */
export async function seedRestScenario(db) {
  const [reader] = await seedUsers(db, 1, 'reader');
  const authors = await seedUsers(db, AUTHORS, 'author');
  await seedFollowing(db, reader, authors);
  await seedStatuses(db, authors, STATUSES_PER_AUTHOR);
  const chatters = await seedUsers(db, SENDER_PAIRS * 2, 'chatter');
  const pairs = [];
  for (let index = 0; index + 1 < chatters.length; index += 2)
    pairs.push([chatters[index], chatters[index + 1]]);
  await seedMutualFollows(db, pairs);
  return { reader, authors, pairs };
}

/**
 * The reader's list of every author it follows, made through the API as a client would (`post(path, body)`
 * sends the reader's request and answers its JSON): the list's id.
 */
export async function readerList(post, { authors }) {
  const list = await post('/api/v1/lists', { title: 'authors' });
  await post(`/api/v1/lists/${list.id}/accounts`, { account_ids: authors.map((author) => author.id) });
  return list.id;
}

/** `post` for readerList(): the reader's request to a server at `url`. */
export const postingTo = (url, reader) => async (path, body) => {
  const response = await fetch(`${url}${path}`, {
    method: 'POST',
    headers: { authorization: `Bearer ${reader.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.json();
};

/** One message per pair (the conversations exist before the load), then a home page: its length. */
export async function warmUp(url, { reader, pairs }) {
  for (const [sender, recipient] of pairs) {
    const response = await fetch(`${url}/api/v1/friend_messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${sender.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipient_id: recipient.id, content: 'hello' }),
    });
    if (response.status !== 201) throw new Error(`warm-up send answered ${response.status}`);
  }
  const home = await fetch(`${url}/api/v1/timelines/home`, {
    headers: { authorization: `Bearer ${reader.token}` },
  });
  const homeLength = (await home.json()).length;
  if (home.status !== 200 || homeLength === 0) throw new Error(`home timeline answered ${home.status}`);
  return homeLength;
}

/** An autocannon request that sends the next pair's message (round-robin over the pairs). */
export function messageSendRequest(pairs) {
  let next = 0;
  return {
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
  };
}

/** BENCH_CPU_PROF=<folder>: the server processes also write V8 CPU profiles there (bench/profile-summary.mjs). */
export function withCpuProfile(options) {
  const folder = process.env.BENCH_CPU_PROF;
  if (!folder) return options;
  return { ...options, nodeArgs: [...(options.nodeArgs ?? []), '--cpu-prof', `--cpu-prof-dir=${folder}`] };
}

/**
 * `count` server processes, each with an event-loop probe: their URLs, `loopP99()` (the worst event-loop delay
 * p99 over them since the previous call) and `stop()`.
 */
export async function startProbedServers(env, count) {
  const probes = Array.from({ length: count }, () => eventLoopProbe());
  const servers = await Promise.all(
    probes.map((probe) => startServerProcess(env, withCpuProfile(probe.serverOptions))),
  );
  return {
    urls: servers.map((server) => server.url),
    loopP99: async () =>
      Math.max(
        ...(await Promise.all(probes.map((probe, index) => probe.read(servers[index])))).map((f) => f.p99),
      ),
    stop: () => Promise.all(servers.map((server) => server.stop())),
  };
}

/** The modes asked for that can run here: `postgres` needs PostgreSQL and Redis (a line says why it is skipped). */
export async function runnableModes(modes) {
  const shared = await sharedStorageAvailable();
  return modes.filter((mode) => {
    if (mode !== 'postgres' || shared.both) return true;
    console.log(
      `postgres: skipped (PostgreSQL ${shared.postgres ? 'up' : 'down'}, Redis ${shared.redis ? 'up' : 'down'})`,
    );
    return false;
  });
}
