// Federation throughput against simulated remote servers on loopback (bench/lib/remote-servers.mjs):
//  1. deliveries: one public post by an account with 10,000 remote followers on 200 servers, delivered once per
//     server to its shared inbox; prints deliveries per second (and followers reached per second), from the
//     post's API answer until every server received the Create.
//  2. inbox: signed Creates (draft-cavage HTTP Signatures, as Mastodon sends them) POSTed to the shared inbox
//     by the simulated servers' actors, whom the local account follows; prints activities accepted per second
//     and processed per second (until every post is stored).
//
//   npm run bench:federation
//   BENCH_FOLLOWERS=10000 BENCH_SERVERS=200 BENCH_INBOX_ACTIVITIES=2000 BENCH_CONCURRENCY=16 npm run bench:federation
//   BENCH_MODES=sqlite,postgres BENCH_WORKERS=2 npm run bench:federation
import { webcrypto } from 'node:crypto';
import { signRequest } from '@fedify/fedify';
import { openDatabase } from '../apps/server/src/server.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import {
  createDeployment,
  machineNote,
  pause,
  sharedStorageAvailable,
  startServerProcess,
} from './lib/deployment.mjs';
import { createActivity, startRemoteServers } from './lib/remote-servers.mjs';
import { accountRow, seedUsers } from './lib/seed.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite').split(',').filter(Boolean);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS || 10_000);
const SERVERS = Number(process.env.BENCH_SERVERS || 200);
const INBOX_ACTIVITIES = Number(process.env.BENCH_INBOX_ACTIVITIES || 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const WORKERS = process.env.BENCH_WORKERS || '1';
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS || 180_000);
const CHUNK = 500;

/** Every simulated actor becomes a remote account that follows `local`, and `local` follows it back. */
async function seedRemoteFollowers(db, local, servers) {
  const now = new Date().toISOString();
  const accounts = [];
  const follows = [];
  for (const server of servers) {
    for (const actor of server.actors) {
      const id = newId();
      accounts.push(
        accountRow(id, actor.username, `Remote ${actor.username}`, now, {
          domain: server.domain,
          uri: actor.id,
          url: actor.id,
          inbox_url: actor.inbox,
          shared_inbox_url: actor.sharedInbox,
          actor_type: 'Person',
          fetched_at: now,
        }),
      );
      for (const [follower, target] of [
        [id, local.id],
        [local.id, id],
      ]) {
        follows.push({
          id: newId(),
          account_id: follower,
          target_account_id: target,
          show_reblogs: 1,
          notify: 0,
          created_at: now,
        });
      }
    }
  }
  for (const [table, rows] of [
    ['accounts', accounts],
    ['follows', follows],
  ]) {
    for (let start = 0; start < rows.length; start += CHUNK)
      await db
        .insertInto(table)
        .values(rows.slice(start, start + CHUNK))
        .execute();
  }
  await db
    .updateTable('accounts')
    .set({ followers_count: accounts.length, following_count: accounts.length })
    .where('id', '=', local.id)
    .execute();
}

function perSecond(count, ms) {
  return ms > 0 ? ((count * 1000) / ms).toFixed(1) : '∞';
}

async function waitUntil(what, check) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${TIMEOUT_MS} ms waiting for ${what}`);
    await pause(50);
  }
}

async function benchDeliveries(server, remote, author) {
  const statusUri = { value: null };
  const reached = new Set();
  let posts = 0;
  const stopListening = remote.onDelivery(({ origin, activity }) => {
    posts += 1;
    const object = activity?.object;
    const objectId = typeof object === 'string' ? object : object?.id;
    if (activity?.type === 'Create' && statusUri.value && objectId === statusUri.value) reached.add(origin);
  });
  try {
    const started = performance.now();
    const response = await fetch(`${server.url}/api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'One post for ten thousand followers', visibility: 'public' }),
    });
    if (!response.ok) throw new Error(`POST /api/v1/statuses → ${response.status} ${await response.text()}`);
    statusUri.value = (await response.json()).uri;
    const answered = performance.now() - started;
    await waitUntil(
      `the Create at all ${SERVERS} servers (${reached.size} so far)`,
      () => reached.size >= SERVERS,
    );
    const elapsed = performance.now() - started;
    // let stragglers (deliveries to personal inboxes instead of shared ones) show up in the count
    await pause(500);
    return { answered, elapsed, servers: reached.size, posts };
  } finally {
    stopListening();
  }
}

async function signedInboxPost(server, actor, activity, key) {
  const request = new Request(`${server.url}/inbox`, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
    body: JSON.stringify(activity),
  });
  const signed = await signRequest(request, key, new URL(`${actor.id}#main-key`));
  const response = await fetch(signed);
  await response.arrayBuffer();
  return response.status;
}

async function remoteStatusCount(db) {
  const row = await db
    .selectFrom('statuses')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('uri', 'like', '%/statuses/bench-%')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function benchInbox(server, remote, db) {
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    remote.privateKey.export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    true, // Fedify's signRequest insists on an extractable key
    ['sign'],
  );
  // one actor per server, round robin: after the first activity of each, its key is known
  const jobs = Array.from({ length: INBOX_ACTIVITIES }, (_, serial) => {
    const actor = remote.servers[serial % remote.servers.length].actors[0];
    return { actor, activity: createActivity(actor, serial) };
  });
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < jobs.length) {
        const { actor, activity } = jobs[next++];
        const status = await signedInboxPost(server, actor, activity, key);
        statuses.set(status, (statuses.get(status) ?? 0) + 1);
      }
    }),
  );
  const accepted = performance.now() - started;
  const refused = [...statuses].filter(([status]) => status >= 300);
  if (refused.length > 0)
    console.log(`  inbox answers: ${JSON.stringify(Object.fromEntries(statuses))} (server log below)`);
  let stored = 0;
  try {
    await waitUntil(`${INBOX_ACTIVITIES} stored posts`, async () => {
      stored = await remoteStatusCount(db);
      return stored >= INBOX_ACTIVITIES;
    });
  } catch (error) {
    console.log(`  ${error.message}: ${stored} stored`);
  }
  const processed = performance.now() - started;
  return { accepted, processed, stored, answers: Object.fromEntries(statuses) };
}

async function run(mode) {
  const deployment = await createDeployment(mode, 'federation');
  const remote = await startRemoteServers(SERVERS, Math.ceil(FOLLOWERS / SERVERS));
  let server = null;
  let reader = null;
  try {
    const [author] = await seedUsers(deployment.db, 1, 'author');
    await seedRemoteFollowers(deployment.db, author, remote.servers);
    await deployment.closeDatabase();
    server = await startServerProcess(deployment.env, {
      extraEnv: {
        FEDERATION: 'on',
        FEDERATION_ALLOW_HTTP: 'true',
        FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true',
        FEDERATION_WORKERS: WORKERS,
      },
    });
    reader = await openDatabase(loadConfig({ ...deployment.env, PORT: '0' }));
    const followers = remote.servers.length * remote.servers[0].actors.length;
    console.log(`\n${mode}: ${followers} remote followers on ${SERVERS} servers, ${WORKERS} queue worker(s)`);

    try {
      const delivery = await benchDeliveries(server, remote, author);
      console.log(
        `  one post → ${delivery.servers} shared inboxes in ${(delivery.elapsed / 1000).toFixed(2)} s ` +
          `(API answered in ${delivery.answered.toFixed(0)} ms): ` +
          `${perSecond(delivery.servers, delivery.elapsed)} deliveries/s, ` +
          `${perSecond(followers, delivery.elapsed)} followers reached/s; ${delivery.posts} inbox POSTs in all`,
      );
    } catch (error) {
      console.log(`  deliveries: ${error.message}`);
    }

    const inbox = await benchInbox(server, remote, reader.db);
    console.log(
      `  ${INBOX_ACTIVITIES} signed Creates to /inbox (${CONCURRENCY} at a time): accepted in ` +
        `${(inbox.accepted / 1000).toFixed(2)} s (${perSecond(INBOX_ACTIVITIES, inbox.accepted)}/s), ` +
        `${inbox.stored} processed in ${(inbox.processed / 1000).toFixed(2)} s ` +
        `(${perSecond(inbox.stored, inbox.processed)}/s)`,
    );
    if (inbox.stored < INBOX_ACTIVITIES || Object.keys(inbox.answers).some((status) => Number(status) >= 300))
      console.log(server.output.join('').split('\n').slice(-40).join('\n'));
  } finally {
    await reader?.close().catch(() => undefined);
    await server?.stop();
    await remote.close();
    await deployment.cleanup();
  }
}

console.log(`Federation benchmark — ${machineNote()}`);
const storage = MODES.includes('postgres') ? await sharedStorageAvailable() : null;
for (const mode of MODES) {
  if (mode === 'postgres' && !storage?.both) {
    console.log(`\npostgres: skipped (PostgreSQL or Redis does not answer)`);
    continue;
  }
  await run(mode);
}
console.log(`\n${machineNote()}`);
