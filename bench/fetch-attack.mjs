// What one outsider costs the server by naming a huge actor document as an HTTP signature's keyId: unsigned
// (throwaway-key) POSTs to /inbox, each naming an actor on a local server that streams a generated JSON
// document of BENCH_DOCUMENT_MB. Printed: the bytes that server managed to send, the requests it got, and the
// server process's resident memory (VmRSS before and after, peak VmHWM) — once with one name repeated, once
// with a new name each time.
//
//   npm run bench:fetch-attack
//   BENCH_ATTACKS=5 BENCH_DOCUMENT_MB=200 npm run bench:fetch-attack
import fs from 'node:fs';
import { postNamingKeyId, startHugeDocumentServer } from '../apps/server/test/helpers/huge-document.ts';
import { createDeployment, machineNote, pause, startServerProcess } from './lib/deployment.mjs';

const ATTACKS = Number(process.env.BENCH_ATTACKS || 5);
const DOCUMENT_MB = Number(process.env.BENCH_DOCUMENT_MB || 200);
const MB = 1024 * 1024;

function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

async function statusOf(sending) {
  const response = await sending.catch((error) => ({ status: error.cause?.code ?? 'error' }));
  await response.arrayBuffer?.().catch(() => undefined);
  return response.status;
}

async function probe(server, label, nameOf) {
  const huge = await startHugeDocumentServer(DOCUMENT_MB * MB);
  const pid = server.child.pid;
  const before = memoryOf(pid).rss;
  const started = performance.now();
  const answers = [];
  for (let attack = 0; attack < ATTACKS; attack += 1)
    answers.push(
      await statusOf(postNamingKeyId(`${server.url}/inbox`, `${huge.url}/users/${nameOf(attack)}#main-key`)),
    );
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  await pause(1000);
  const { rss, peak } = memoryOf(pid);
  console.log(
    `${label.padEnd(28)} sent ${(huge.bytesSent() / MB).toFixed(1)} MB in ${huge.requests.length} requests; ` +
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
