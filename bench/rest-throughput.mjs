// REST throughput with autocannon at a fixed concurrency: home timeline reads and message sends per second.
//
//   npm run bench:rest
//   BENCH_MODES=sqlite BENCH_CONNECTIONS=20 BENCH_SECONDS=10 npm run bench:rest
//   BENCH_ROUTES=home BENCH_CPU_PROF=/tmp/prof npm run bench:rest   (only the home reads, profiled)
//   BENCH_ROUTES=sends,e2ee-sends npm run bench:rest   (plain chat sends beside encrypted ones)
//   BENCH_ROUTES=sends,e2ee-sends BENCH_SEND_ROUNDS=5 npm run bench:rest   (the two alternate five times, with the
//                                                 ratio of each round and their median: for a busy machine)
//   BENCH_ROUTES=list,local,public npm run bench:rest   (the reader's list of the authors it follows, the local
//                                                 and the federated timeline read signed in; run only when asked for)
//
// Modes: `sqlite` (one process) and `postgres` (two processes on PostgreSQL + Redis, requests spread over both).
import autocannon from 'autocannon';
import { createDeployment, machineNote } from './lib/deployment.mjs';
import {
  messageSendRequest,
  postingTo,
  readerList,
  runnableModes,
  seedRestScenario,
  startProbedServers,
  warmUp,
} from './lib/rest-scenario.mjs';
import { seedMutualFollows, seedUsers } from './lib/seed.mjs';
import { ms } from './lib/stats.mjs';
import { deviceFor, encryptedBodies, recordingTransport } from './lib/e2ee-clients.mjs';

const MODES = (process.env.BENCH_MODES || 'sqlite,postgres').split(',').filter(Boolean);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS || 20);
const SECONDS = Number(process.env.BENCH_SECONDS || 10);
const ROUTES = (process.env.BENCH_ROUTES || 'home,sends,e2ee-sends').split(',').filter(Boolean);
// encrypted sends: this many of the pairs get an encrypted chat, each with this many messages made beforehand
const E2EE_PAIRS = Number(process.env.BENCH_E2EE_PAIRS || 20);
const E2EE_MESSAGES_PER_PAIR = Number(process.env.BENCH_E2EE_MESSAGES || 1000);
// plain and encrypted sends alternate this many times on the same servers: on a busy machine each round's ratio
// compares the two under the same load
const SEND_ROUNDS = Number(process.env.BENCH_SEND_ROUNDS || 1);

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

/** Encrypted sends per second as a share of plain ones, round by round, and their median. */
function ratioLine(mode, encrypted, plain) {
  const ratios = encrypted.map((rate, round) => rate / plain[round]);
  const sorted = [...ratios].sort((a, b) => a - b);
  const median =
    sorted.length % 2 === 1
      ? sorted[(sorted.length - 1) / 2]
      : (sorted[sorted.length / 2 - 1] + sorted[sorted.length / 2]) / 2;
  const percent = (ratio) => `${(ratio * 100).toFixed(0)} %`;
  return `${mode.padEnd(8)} encrypted / plain sends: median ${percent(median)} (rounds: ${ratios.map(percent).join(', ')})`;
}

/** A page read with the reader's token (a read before the load, which also builds a feed). */
async function readerGet(url, path, reader) {
  const response = await fetch(`${url}${path}`, { headers: { authorization: `Bearer ${reader.token}` } });
  if (response.status !== 200) throw new Error(`${path} answered ${response.status}`);
  return response.json();
}

/** `count` pairs of new accounts who follow each other. */
async function seedPairs(db, count, prefix) {
  const users = await seedUsers(db, count * 2, prefix);
  const pairs = [];
  for (let index = 0; index + 1 < users.length; index += 2) pairs.push([users[index], users[index + 1]]);
  await seedMutualFollows(db, pairs);
  return pairs;
}

/**
 * An encrypted one-to-one chat for each pair (MLS clients over HTTP), and an autocannon request that posts the
 * next of the messages its sender encrypted beforehand (round-robin over the pairs; application messages keep
 * the epoch, so each stays valid; past the last one they are posted again, which the server stores as any other).
 */
async function encryptedSendRequests(url, pairs) {
  const chats = [];
  for (const [sender, recipient] of pairs) {
    const recorder = recordingTransport();
    const client = await deviceFor(url, sender, { wrap: recorder.wrap });
    await deviceFor(url, recipient);
    const conversation = await client.createConversation([recipient.id]);
    const bodies = await encryptedBodies(
      client,
      recorder,
      conversation.id,
      E2EE_MESSAGES_PER_PAIR,
      (i) => `load ${i}`,
    );
    chats.push({ sender, path: `/api/v1/e2ee/conversations/${conversation.id}/messages`, bodies });
  }
  let next = 0;
  return {
    method: 'POST',
    setupRequest(request) {
      const chat = chats[next % chats.length];
      const body = chat.bodies[Math.floor(next / chats.length) % chat.bodies.length];
      next += 1;
      return {
        ...request,
        path: chat.path,
        headers: { authorization: `Bearer ${chat.sender.token}`, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      };
    },
  };
}

async function run(mode) {
  const processCount = mode === 'postgres' ? 2 : 1;
  const deployment = await createDeployment(mode, 'rest');
  let servers;
  try {
    const scenario = await seedRestScenario(deployment.db);
    const { reader, pairs } = scenario;
    // pairs of their own for the encrypted chats (the warm-up gives every other pair a plain chat)
    const sealedPairs = ROUTES.includes('e2ee-sends')
      ? await seedPairs(deployment.db, E2EE_PAIRS, 'sealed')
      : [];
    await deployment.closeDatabase();
    servers = await startProbedServers(deployment.env, processCount);
    const { urls, loopP99 } = servers;

    await warmUp(urls[0], scenario);
    await loopP99();

    // the timelines read with the reader's token, by route name
    const reads = {
      home: '/api/v1/timelines/home',
      local: '/api/v1/timelines/public?local=true',
      public: '/api/v1/timelines/public',
    };
    if (ROUTES.includes('list'))
      reads.list = `/api/v1/timelines/list/${await readerList(postingTo(urls[0], reader), scenario)}`;
    const rows = [];
    for (const route of ROUTES.filter((name) => name in reads)) {
      const path = reads[route];
      const length = (await readerGet(urls[0], path, reader)).length;
      const timeline = await cannon({
        url: urls.length === 1 ? `${urls[0]}${path}` : urls.map((url) => `${url}${path}`),
        headers: { authorization: `Bearer ${reader.token}` },
      });
      rows.push(line(mode, `GET ${route} (${length}/page)`, timeline, await loopP99()));
    }
    const sendRoutes = [];
    if (ROUTES.includes('sends'))
      sendRoutes.push({ what: 'POST friend_messages', request: messageSendRequest(pairs) });
    if (ROUTES.includes('e2ee-sends'))
      sendRoutes.push({
        what: 'POST e2ee messages',
        request: await encryptedSendRequests(urls[0], sealedPairs),
      });
    const rates = sendRoutes.map(() => []);
    for (let round = 0; round < SEND_ROUNDS; round += 1) {
      for (const [index, { what, request }] of sendRoutes.entries()) {
        const sends = await cannon({ url: urls.length === 1 ? urls[0] : urls, requests: [request] });
        rows.push(line(mode, what, sends, await loopP99()));
        rates[index].push(sends.requests.average);
      }
    }
    if (sendRoutes.length === 2) rows.push(ratioLine(mode, rates[1], rates[0]));
    return rows;
  } finally {
    await servers?.stop();
    await deployment.cleanup();
  }
}

console.log(`REST throughput (${machineNote()})`);
for (const mode of await runnableModes(MODES)) for (const row of await run(mode)) console.log(row);
console.log(`done (${machineNote()})`);
