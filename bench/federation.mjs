// Federation throughput against simulated remote servers on loopback (bench/lib/remote-servers.mjs):
//  1. deliveries: one public post by an account with 10,000 remote followers on 200 servers, delivered once per
//     server to its shared inbox; prints deliveries per second (and followers reached per second), from the
//     post's API answer until every healthy server received the Create. BENCH_UNHEALTHY=0.1 makes 10 % of the
//     servers slow (they answer after 10 s) or dead (they never answer): the healthy ones' time is printed
//     apart.
//  2. inbox: signed Creates (draft-cavage HTTP Signatures, as Mastodon sends them) POSTed to the shared inbox
//     by the simulated servers' actors, whom the local account follows; prints activities accepted per second
//     and processed per second (until every post is stored).
//  3. inbox mix: Creates from known and unknown actors, Likes, Announces, Deletes of unknown objects and
//     Updates, signed beforehand, sent BENCH_CONCURRENCY at a time; each kind's rate until its effect is stored.
//  4. burst: BENCH_BURST activities of the same mix sent at once (BENCH_BURST_CONCURRENCY at a time); the queue
//     must hold them and drain without a 5xx while a probe times the API (home read, chat send): p99 printed.
// Each phase prints the processes' memory (RSS and peak).
//
//   npm run bench:federation
//   BENCH_FOLLOWERS=10000 BENCH_SERVERS=200 BENCH_INBOX_ACTIVITIES=2000 BENCH_CONCURRENCY=16 npm run bench:federation
//   BENCH_MODES=sqlite,postgres,postgres-workers BENCH_WORKERS=2 BENCH_UNHEALTHY=0.1 npm run bench:federation
import { openDatabase } from '../apps/server/src/server.ts';
import { loadConfig } from '../apps/server/src/config.ts';
import { newId } from '../apps/server/src/lib/ids.ts';
import { createDeployment, machineNote, pause, sharedStorageAvailable } from './lib/deployment.mjs';
import { FEDERATION_MODES, startFederationProcesses } from './lib/federation-deployment.mjs';
import {
  effectCounts,
  mixedActivities,
  MIX,
  sendAll,
  signedInboxRequest,
  signingKeyOf,
} from './lib/inbox-mix.mjs';
import { createActivity, startRemoteServers } from './lib/remote-servers.mjs';
import { accountRow, seedMutualFollows, seedStatuses, seedUsers } from './lib/seed.mjs';
import { ms, summarize } from './lib/stats.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite').split(',').filter(Boolean);
const FOLLOWERS = Number(process.env.BENCH_FOLLOWERS || 10_000);
const SERVERS = Number(process.env.BENCH_SERVERS || 200);
const INBOX_ACTIVITIES = Number(process.env.BENCH_INBOX_ACTIVITIES || 2_000);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 16);
const WORKERS = process.env.BENCH_WORKERS || '1';
const UNHEALTHY = Number(process.env.BENCH_UNHEALTHY || 0);
const BURST = Number(process.env.BENCH_BURST ?? 10_000);
const BURST_CONCURRENCY = Number(process.env.BENCH_BURST_CONCURRENCY || 128);
const TIMEOUT_MS = Number(process.env.BENCH_TIMEOUT_MS || 180_000);
const PHASES = (process.env.BENCH_PHASES || 'deliveries,inbox,mix,burst').split(',');
const CHUNK = 500;
const LOCAL_POSTS = 40;

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

const seconds = (ms) => `${(ms / 1000).toFixed(2)} s`;

async function waitUntil(what, check) {
  const deadline = Date.now() + TIMEOUT_MS;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`gave up after ${TIMEOUT_MS} ms waiting for ${what}`);
    await pause(50);
  }
}

async function benchDeliveries(processes, remote, author) {
  const statusUri = { value: null };
  const reachedAt = new Map();
  let posts = 0;
  const healthy = new Set(
    remote.servers.filter((server) => server.health === 'healthy').map((s) => s.origin),
  );
  const stopListening = remote.onDelivery(({ origin, activity, at }) => {
    posts += 1;
    const object = activity?.object;
    const objectId = typeof object === 'string' ? object : object?.id;
    if (
      activity?.type === 'Create' &&
      statusUri.value &&
      objectId === statusUri.value &&
      !reachedAt.has(origin)
    )
      reachedAt.set(origin, at);
  });
  try {
    const started = performance.now();
    const response = await fetch(`${processes.urls[0]}/api/v1/statuses`, {
      method: 'POST',
      headers: { authorization: `Bearer ${author.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ status: 'One post for ten thousand followers', visibility: 'public' }),
    });
    if (!response.ok) throw new Error(`POST /api/v1/statuses → ${response.status} ${await response.text()}`);
    statusUri.value = (await response.json()).uri;
    const answered = performance.now() - started;
    const healthyReached = () => [...reachedAt.keys()].filter((origin) => healthy.has(origin)).length;
    await waitUntil(
      `the Create at the ${healthy.size} healthy servers (${healthyReached()} so far)`,
      () => healthyReached() >= healthy.size,
    );
    const healthyTimes = [...reachedAt]
      .filter(([origin]) => healthy.has(origin))
      .map(([, at]) => at - started);
    const healthyElapsed = Math.max(...healthyTimes);
    // let stragglers (deliveries to personal inboxes instead of shared ones, unhealthy servers) show up
    await pause(UNHEALTHY > 0 ? 1_000 : 500);
    return { answered, healthyElapsed, healthy: healthy.size, reached: reachedAt.size, posts, healthyTimes };
  } finally {
    stopListening();
  }
}

async function remoteStatusCount(db) {
  const row = await db
    .selectFrom('statuses')
    .select((eb) => eb.fn.countAll().as('count'))
    .where('uri', 'like', '%/statuses/bench-%')
    .where('uri', 'not like', '%/statuses/bench-%-%')
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** Phase 2, as measured before: Creates by one known actor per server, signed while sending. */
async function benchCreates(processes, remote, db, key) {
  const jobs = Array.from({ length: INBOX_ACTIVITIES }, (_, serial) => {
    const actor = remote.servers[serial % remote.servers.length].actors[0];
    return {
      kind: 'Create',
      actor,
      activity: createActivity(actor, serial),
      url: processes.urls[serial % processes.urls.length],
    };
  });
  const started = performance.now();
  const { answers } = await sendAll(jobs, CONCURRENCY, (job) =>
    signedInboxRequest(job.url, job.actor, job.activity, key),
  );
  const accepted = performance.now() - started;
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
  console.log(
    `  ${INBOX_ACTIVITIES} signed Creates to /inbox (${CONCURRENCY} at a time): accepted in ${seconds(accepted)} ` +
      `(${perSecond(INBOX_ACTIVITIES, accepted)}/s), ${stored} processed in ${seconds(processed)} ` +
      `(${perSecond(stored, processed)}/s); answers ${JSON.stringify(answers)}`,
  );
  return stored >= INBOX_ACTIVITIES && Object.keys(answers).every((status) => status === '202');
}

/** The jobs of a mix, each with its signed request (signing is the senders' cost, not the server's). */
async function signedMix(processes, remote, key, options) {
  const jobs = mixedActivities(remote, options);
  for (const [index, job] of jobs.entries())
    job.request = await signedInboxRequest(
      processes.urls[index % processes.urls.length],
      job.actor,
      job.activity,
      key,
    );
  return jobs;
}

/** Waits until each kind's effects grew by the number sent; each kind's time from `started`. */
async function waitForEffects(db, label, local, jobs, before, started) {
  const expected = {};
  for (const job of jobs) expected[job.kind] = (expected[job.kind] ?? 0) + 1;
  const doneAt = {};
  let counts = before;
  try {
    await waitUntil('every kind stored', async () => {
      counts = await effectCounts(db, { label, statusIds: local.statusIds });
      const now = performance.now();
      for (const [kind] of MIX) {
        if (doneAt[kind] || !(kind in counts)) continue;
        if (counts[kind] - (before[kind] ?? 0) >= (expected[kind] ?? 0)) doneAt[kind] = now - started;
      }
      return Object.keys(counts).every((kind) => doneAt[kind]);
    });
  } catch (error) {
    console.log(`  ${error.message}: ${JSON.stringify(counts)}`);
  }
  return { expected, doneAt };
}

function printKinds(expected, doneAt, lastAnswer, started) {
  for (const [kind] of MIX) {
    const count = expected[kind] ?? 0;
    const accepted = (lastAnswer.get(kind) ?? started) - started;
    const processed = doneAt[kind];
    console.log(
      `    ${kind.padEnd(24)} ${String(count).padStart(5)}: accepted ${perSecond(count, accepted)}/s` +
        (kind.startsWith('Delete')
          ? ' (nothing to store)'
          : processed
            ? `, stored ${perSecond(count, processed)}/s`
            : ', NOT all stored'),
    );
  }
}

async function benchMix(processes, remote, db, key, local) {
  const jobs = await signedMix(processes, remote, key, {
    count: INBOX_ACTIVITIES,
    label: 'mix',
    statusUris: local.statusUris,
    updatable: INBOX_ACTIVITIES,
    offset: 0,
  });
  const before = await effectCounts(db, { label: 'mix', statusIds: local.statusIds });
  const started = performance.now();
  const { answers, lastAnswer } = await sendAll(jobs, CONCURRENCY, (job) => job.request);
  const accepted = performance.now() - started;
  const { expected, doneAt } = await waitForEffects(db, 'mix', local, jobs, before, started);
  const processed = Math.max(accepted, ...Object.values(doneAt));
  console.log(
    `  ${jobs.length} signed activities of the mix (${CONCURRENCY} at a time): accepted in ${seconds(accepted)} ` +
      `(${perSecond(jobs.length, accepted)}/s), processed in ${seconds(processed)} ` +
      `(${perSecond(jobs.length, processed)}/s); answers ${JSON.stringify(answers)}`,
  );
  printKinds(expected, doneAt, lastAnswer, started);
}

const queuedInboxWork = async (db) =>
  Number(
    (
      await db
        .selectFrom('federation_queue')
        .select((eb) => eb.fn.countAll().as('count'))
        .where('payload', 'like', '{"type":"inbox"%')
        .executeTakeFirstOrThrow()
    ).count,
  );

/** Times a home read and a chat send, one after the other, until `stop` is set: their latencies. */
async function probeApi(url, { reader, pair }, stop) {
  const home = [];
  const sends = [];
  let serial = 0;
  while (!stop.value) {
    let started = performance.now();
    const read = await fetch(`${url}/api/v1/timelines/home`, {
      headers: { authorization: `Bearer ${reader.token}` },
    });
    await read.arrayBuffer();
    home.push(performance.now() - started);
    started = performance.now();
    const sent = await fetch(`${url}/api/v1/friend_messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${pair[0].token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipient_id: pair[1].id, content: `probe ${serial++}` }),
    });
    await sent.arrayBuffer();
    sends.push(performance.now() - started);
    if (read.status !== 200 || sent.status !== 201)
      throw new Error(`probe: home ${read.status}, send ${sent.status}`);
    await pause(20);
  }
  return { home: summarize(home), sends: summarize(sends) };
}

async function benchBurst(processes, remote, db, key, local, probeUsers) {
  process.stdout.write(`  signing ${BURST} activities for the burst… `);
  const jobs = await signedMix(processes, remote, key, {
    count: BURST,
    label: 'burst',
    statusUris: local.statusUris,
    updatable: INBOX_ACTIVITIES,
    offset: Math.ceil((INBOX_ACTIVITIES * 0.25) / SERVERS + 1) * SERVERS,
  });
  console.log('done');
  const before = await effectCounts(db, { label: 'burst', statusIds: local.statusIds });
  const stop = { value: false };
  const probing = probeApi(processes.urls[processes.urls.length - 1], probeUsers, stop);
  await pause(500);
  const started = performance.now();
  const { answers, lastAnswer } = await sendAll(jobs, BURST_CONCURRENCY, (job) => job.request);
  const accepted = performance.now() - started;
  const queuedAfterBurst = await queuedInboxWork(db);
  const { expected, doneAt } = await waitForEffects(db, 'burst', local, jobs, before, started);
  await waitUntil('an empty inbox queue', async () => (await queuedInboxWork(db)) === 0).catch((error) =>
    console.log(`  ${error.message}`),
  );
  const drained = performance.now() - started;
  stop.value = true;
  const probe = await probing;
  const errors = Object.entries(answers).filter(([status]) => !(Number(status) < 500));
  console.log(
    `  burst of ${jobs.length} (${BURST_CONCURRENCY} at a time): accepted in ${seconds(accepted)} ` +
      `(${perSecond(jobs.length, accepted)}/s), ${queuedAfterBurst} inbox messages queued then, drained in ` +
      `${seconds(drained)} (${perSecond(jobs.length, drained)}/s); answers ${JSON.stringify(answers)}` +
      (errors.length ? ` — ${errors.length} kinds of 5xx or no answer!` : ', no 5xx'),
  );
  printKinds(expected, doneAt, lastAnswer, started);
  console.log(
    `  API meanwhile: home read p50 ${ms(probe.home.p50)} p99 ${ms(probe.home.p99)} (${probe.home.count}), ` +
      `chat send p50 ${ms(probe.sends.p50)} p99 ${ms(probe.sends.p99)} (${probe.sends.count})`,
  );
}

/** The local author's posts (for Likes and Announces): ids and URIs, through the API. */
async function localPosts(url, author) {
  const response = await fetch(`${url}/api/v1/accounts/${author.id}/statuses?limit=${LOCAL_POSTS}`, {
    headers: { authorization: `Bearer ${author.token}` },
  });
  const statuses = await response.json();
  return { statusIds: statuses.map((status) => status.id), statusUris: statuses.map((status) => status.uri) };
}

async function run(mode) {
  const shape = FEDERATION_MODES[mode];
  if (!shape) throw new Error(`unknown mode ${mode}: ${Object.keys(FEDERATION_MODES).join(', ')}`);
  const deployment = await createDeployment(shape.database, 'federation');
  const remote = await startRemoteServers(SERVERS, Math.ceil(FOLLOWERS / SERVERS), {
    unhealthyShare: UNHEALTHY,
  });
  let processes = null;
  let reader = null;
  try {
    const [author] = await seedUsers(deployment.db, 1, 'author');
    await seedRemoteFollowers(deployment.db, author, remote.servers);
    await seedStatuses(deployment.db, [author], LOCAL_POSTS);
    const [homeReader, ...chatters] = await seedUsers(deployment.db, 3, 'prober');
    await seedMutualFollows(deployment.db, [
      [chatters[0], chatters[1]],
      [homeReader, author],
    ]);
    await deployment.closeDatabase();
    processes = await startFederationProcesses(mode, deployment.env, WORKERS);
    reader = await openDatabase(loadConfig({ ...deployment.env, PORT: '0' }));
    const followers = remote.servers.length * remote.servers[0].actors.length;
    const unhealthy = remote.servers.filter((server) => server.health !== 'healthy').length;
    console.log(
      `\n${mode}: ${processes.describe}; ${followers} remote followers on ${SERVERS} servers` +
        (unhealthy ? ` (${unhealthy} of them slow or dead)` : ''),
    );
    console.log(`  memory at start: ${processes.memory()}`);

    if (PHASES.includes('deliveries')) {
      try {
        const cpuBefore = processes.cpuMs();
        const delivery = await benchDeliveries(processes, remote, author);
        const cpu = processes.cpuMs() - cpuBefore;
        const spread = summarize(delivery.healthyTimes);
        console.log(
          `  one post → ${delivery.healthy} healthy shared inboxes in ${seconds(delivery.healthyElapsed)} ` +
            `(API answered in ${delivery.answered.toFixed(0)} ms): ` +
            `${perSecond(delivery.healthy, delivery.healthyElapsed)} deliveries/s, ` +
            `${perSecond(delivery.healthy * remote.servers[0].actors.length, delivery.healthyElapsed)} followers reached/s; ` +
            `healthy arrivals first ${ms(Math.min(...delivery.healthyTimes))} p50 ${ms(spread.p50)} ` +
            `p99 ${ms(spread.p99)}; ${delivery.reached} servers reached, ${delivery.posts} inbox POSTs in all; ` +
            `server CPU ${cpu.toFixed(0)} ms (${(cpu / delivery.healthy).toFixed(1)} ms a delivery)`,
        );
      } catch (error) {
        console.log(`  deliveries: ${error.message}`);
      }
      console.log(`  memory: ${processes.memory()}`);
    }
    const key = await signingKeyOf(remote);
    const local = await localPosts(processes.urls[0], author);
    /** Runs a phase of `count` activities, then prints the processes' CPU time and memory. */
    const measured = async (count, phase) => {
      const cpuBefore = processes.cpuMs();
      const fetchesBefore = remote.actorFetches();
      const result = await phase();
      const cpu = processes.cpuMs() - cpuBefore;
      console.log(
        `  server CPU ${cpu.toFixed(0)} ms (${(cpu / count).toFixed(2)} ms an activity); ` +
          `${remote.actorFetches() - fetchesBefore} actor documents fetched; memory: ${processes.memory()}`,
      );
      return result;
    };
    if (PHASES.includes('inbox')) {
      const ok = await measured(INBOX_ACTIVITIES, () => benchCreates(processes, remote, reader.db, key));
      if (!ok) console.log(processes.output().split('\n').slice(-40).join('\n'));
    }
    if (PHASES.includes('mix'))
      await measured(INBOX_ACTIVITIES, () => benchMix(processes, remote, reader.db, key, local));
    if (PHASES.includes('burst') && BURST > 0)
      await measured(BURST, () =>
        benchBurst(processes, remote, reader.db, key, local, { reader: homeReader, pair: chatters }),
      );
  } finally {
    await reader?.close().catch(() => undefined);
    await processes?.stop();
    await remote.close();
    await deployment.cleanup();
  }
}

console.log(`Federation benchmark — ${machineNote()}`);
const storage = MODES.some((mode) => FEDERATION_MODES[mode]?.database === 'postgres')
  ? await sharedStorageAvailable()
  : null;
for (const mode of MODES) {
  if (FEDERATION_MODES[mode]?.database === 'postgres' && !storage?.both) {
    console.log(`\n${mode}: skipped (PostgreSQL or Redis does not answer)`);
    continue;
  }
  await run(mode);
}
console.log(`\n${machineNote()}`);
