// Issue 29's inbox attacks against a real server process (SQLite, federation on, a free port):
//  1. unsigned POSTs to /inbox: @context term definitions nesting scoped contexts 100, 300 and 600 deep, a
//     100,000-deep array, a 5,000-deep object; prints each answer's status, wall time and the server's peak RSS
//     (VmHWM). A request that kills the server is reported as such and the server is started again.
//  2. signed Creates (draft-cavage, as Mastodon signs) to /inbox: activities accepted per second, to show that
//     verifying the signature in front of Fedify did not make the inbox slower.
//
//   npm run bench:inbox-attack
//   BENCH_ATTACK_TIMEOUT_MS=60000 BENCH_INBOX_ACTIVITIES=500 BENCH_CONCURRENCY=8 npm run bench:inbox-attack
import fs from 'node:fs';
import { webcrypto } from 'node:crypto';
import { signRequest } from '@fedify/fedify';
import { createDeployment, machineNote, startServerProcess } from './lib/deployment.mjs';
import { createActivity, startRemoteServers } from './lib/remote-servers.mjs';
import { seedUsers } from './lib/seed.mjs';

const ATTACK_TIMEOUT_MS = Number(process.env.BENCH_ATTACK_TIMEOUT_MS || 60_000);
const INBOX_ACTIVITIES = Number(process.env.BENCH_INBOX_ACTIVITIES || 500);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY || 8);
const AS = 'https://www.w3.org/ns/activitystreams';

function scopedContexts(depth) {
  let context = { leaf: 'as:content' };
  for (let level = 0; level < depth; level++)
    context = { [`t${level}`]: { '@id': 'as:name', '@context': context } };
  return JSON.stringify({ '@context': [AS, context], id: 'https://evil.example/1', type: 'Create' });
}

const ATTACKS = [
  ['scoped @context 100 deep', () => scopedContexts(100)],
  ['scoped @context 300 deep', () => scopedContexts(300)],
  ['scoped @context 600 deep', () => scopedContexts(600)],
  ['array 100,000 deep', () => '['.repeat(100_000) + ']'.repeat(100_000)],
  ['object 5,000 deep', () => '{"a":'.repeat(5000) + '1' + '}'.repeat(5000)],
];

/** The process's peak resident set, in MB (Linux). */
function peakRssMb(pid) {
  try {
    const match = /VmHWM:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : null;
  } catch {
    return null;
  }
}

async function attack(server, body) {
  const started = performance.now();
  try {
    const response = await fetch(`${server.url}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
      signal: AbortSignal.timeout(ATTACK_TIMEOUT_MS),
    });
    await response.arrayBuffer();
    return { status: String(response.status), ms: performance.now() - started };
  } catch (error) {
    const status =
      error.name === 'TimeoutError' ? `no answer in ${ATTACK_TIMEOUT_MS / 1000} s` : 'connection lost';
    return { status, ms: performance.now() - started };
  }
}

async function signedCreatesPerSecond(server, remote) {
  const key = await webcrypto.subtle.importKey(
    'pkcs8',
    remote.privateKey.export({ type: 'pkcs8', format: 'der' }),
    { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' },
    true, // Fedify's signRequest insists on an extractable key
    ['sign'],
  );
  const actor = remote.servers[0].actors[0];
  const statuses = new Map();
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < INBOX_ACTIVITIES) {
        const request = new Request(`${server.url}/inbox`, {
          method: 'POST',
          headers: { 'content-type': 'application/activity+json', accept: 'application/activity+json' },
          body: JSON.stringify(createActivity(actor, next++)),
        });
        const response = await fetch(await signRequest(request, key, new URL(`${actor.id}#main-key`)));
        await response.arrayBuffer();
        statuses.set(response.status, (statuses.get(response.status) ?? 0) + 1);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  return { perSecond: Math.round(INBOX_ACTIVITIES / seconds), answers: Object.fromEntries(statuses) };
}

const start = (deployment) =>
  startServerProcess(deployment.env, {
    extraEnv: { FEDERATION: 'on', FEDERATION_ALLOW_HTTP: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });

const deployment = await createDeployment('sqlite', 'inbox-attack');
const remote = await startRemoteServers(1, 1);
let server = null;
try {
  await seedUsers(deployment.db, 1, 'alice');
  await deployment.closeDatabase();
  console.log(`inbox attacks (${machineNote()})`);
  for (const [name, bodyOf] of ATTACKS) {
    server ??= await start(deployment);
    const body = bodyOf();
    const result = await attack(server, body);
    const died = server.child.exitCode !== null || result.status === 'connection lost';
    const rss = peakRssMb(server.child.pid);
    console.log(
      `  ${name} (${Math.round(body.length / 1024)} KB): ${result.status} in ${Math.round(result.ms)} ms, ` +
        `server peak RSS ${rss ?? '?'} MB${died ? ', server died' : ''}`,
    );
    // every attack against a fresh process, so that each peak RSS is its own
    await server.stop();
    server = null;
  }
  server = await start(deployment);
  const creates = await signedCreatesPerSecond(server, remote);
  console.log(
    `  ${INBOX_ACTIVITIES} signed Creates (${CONCURRENCY} at a time): ${creates.perSecond}/s accepted, ` +
      `answers ${JSON.stringify(creates.answers)}`,
  );
} finally {
  await server?.stop();
  await remote.close();
  await deployment.cleanup();
}
