// What one outsider costs the server by naming a huge actor document as an HTTP signature's keyId: unsigned
// (throwaway-key) POSTs to /inbox, each naming an actor on a local server that streams a generated JSON
// document of BENCH_DOCUMENT_MB. Printed: the bytes that server managed to send, the requests it got, and the
// server process's resident memory (VmRSS before and after, peak VmHWM) — once with one name repeated, once
// with a new name each time.
//
//   npm run bench:fetch-attack
//   BENCH_ATTACKS=5 BENCH_DOCUMENT_MB=200 npm run bench:fetch-attack
import fs from 'node:fs';
import http from 'node:http';
import { signRequest } from '@fedify/fedify';
import { createDeployment, machineNote, pause, startServerProcess } from './lib/deployment.mjs';

const ATTACKS = Number(process.env.BENCH_ATTACKS || 5);
const DOCUMENT_MB = Number(process.env.BENCH_DOCUMENT_MB || 200);
const MB = 1024 * 1024;
const CHUNK = Buffer.alloc(64 * 1024, 'a');

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A server answering every path with a JSON actor of `size` bytes, generated as it is read. */
async function startHugeServer(size) {
  const sockets = new Set();
  let closedBytes = 0;
  let requests = 0;
  const server = http.createServer((request, response) => {
    requests += 1;
    const { socket } = response;
    if (!sockets.has(socket)) {
      sockets.add(socket);
      socket.once('close', () => {
        sockets.delete(socket);
        closedBytes += socket.bytesWritten;
      });
    }
    response.writeHead(200, { 'content-type': 'application/activity+json' });
    response.write('{"@context":"https://www.w3.org/ns/activitystreams","type":"Person","name":"');
    let written = 0;
    const pump = () => {
      while (written < size && !response.destroyed) {
        written += CHUNK.length;
        if (!response.write(CHUNK)) return void response.once('drain', pump);
      }
      if (!response.destroyed) response.end('"}');
    };
    pump();
  });
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${server.address().port}`,
    requests: () => requests,
    bytesSent: () => [...sockets].reduce((total, socket) => total + socket.bytesWritten, closedBytes),
    close: () => new Promise((resolve) => (server.closeAllConnections(), server.close(resolve))),
  };
}

const { privateKey } = await crypto.subtle.generateKey(
  {
    name: 'RSASSA-PKCS1-v1_5',
    modulusLength: 2048,
    publicExponent: new Uint8Array([1, 0, 1]),
    hash: 'SHA-256',
  },
  true,
  ['sign', 'verify'],
);

async function postNaming(inbox, actor) {
  const request = new Request(inbox, {
    method: 'POST',
    headers: { 'content-type': 'application/activity+json' },
    body: JSON.stringify({
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: `${actor}/follows/1`,
      type: 'Follow',
      actor,
      object: inbox.replace('/inbox', '/users/nobody'),
    }),
  });
  const signed = await signRequest(request, privateKey, new URL(`${actor}#main-key`), {
    spec: 'draft-cavage-http-signatures-12',
  });
  const response = await fetch(signed).catch((error) => ({ status: error.cause?.code ?? 'error' }));
  await response.arrayBuffer?.().catch(() => undefined);
  return response.status;
}

async function probe(server, label, nameOf) {
  const huge = await startHugeServer(DOCUMENT_MB * MB);
  const pid = server.child.pid;
  const before = memoryOf(pid).rss;
  const started = performance.now();
  const answers = [];
  for (let attack = 0; attack < ATTACKS; attack += 1)
    answers.push(await postNaming(`${server.url}/inbox`, `${huge.url}/users/${nameOf(attack)}`));
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await pause(1000);
  const { rss, peak } = memoryOf(pid);
  console.log(
    `${label.padEnd(28)} sent ${(huge.bytesSent() / MB).toFixed(1)} MB in ${huge.requests()} requests; ` +
      `RSS ${before.toFixed(0)} → ${rss.toFixed(0)} MB (peak so far ${peak.toFixed(0)} MB); ${seconds} s; ` +
      `answers ${[...new Set(answers)].join(',')}`,
  );
  await huge.close();
}

const deployment = await createDeployment('sqlite', 'fetch-attack');
let server;
try {
  await deployment.closeDatabase();
  server = await startServerProcess(deployment.env, {
    extraEnv: { FEDERATION: 'on', FEDERATION_ALLOW_HTTP: 'true', FEDERATION_ALLOW_PRIVATE_ADDRESSES: 'true' },
  });
  console.log(`fetch attack: ${ATTACKS} POSTs naming a ${DOCUMENT_MB} MB actor (${machineNote()})`);
  await pause(1000);
  console.log(`idle server                  RSS ${memoryOf(server.child.pid).rss.toFixed(0)} MB`);
  await probe(server, 'one name repeated', () => 'huge');
  await probe(server, 'a new name each time', (attack) => `huge${attack}`);
} finally {
  await server?.stop();
  await deployment.cleanup();
}
