// Two of issue 29's attacks on a server process of its own (SQLite), as figures to compare before and after:
//   1. X-Forwarded-For spoofing behind a proxy (TRUST_PROXY=true): one client sends 2× the anonymous API
//      allowance, each request with another made-up address first in X-Forwarded-For and its own address
//      appended by the proxy; how many are answered (the allowance is 300 per address per 5 minutes).
//   2. A refused upload on a keep-alive connection: a signed-in upload of 8 MB that is no image (refused by its
//      first bytes), then a GET on the same connection; how long until that GET is answered or the connection
//      ends, and how (waiting at most BENCH_WAIT_S seconds).
//
//   npm run bench:small-attacks
import crypto from 'node:crypto';
import net from 'node:net';
import { createDeployment, machineNote, startServerProcess } from './lib/deployment.mjs';
import { seedUsers } from './lib/seed.mjs';

const API_LIMIT = 300;
const WAIT_S = Number(process.env.BENCH_WAIT_S || 90);
const UPLOAD_MB = 8;

async function spoofedRequests(url, count) {
  let answered = 0;
  let refused = 0;
  for (let i = 0; i < count; i++) {
    const madeUp = `198.51.${(i >> 8) & 255}.${i & 255}`;
    const response = await fetch(`${url}/api/v1/instance`, {
      headers: { 'x-forwarded-for': `${madeUp}, 203.0.113.9` },
    });
    await response.arrayBuffer();
    if (response.status === 429) refused += 1;
    else answered += 1;
  }
  return { answered, refused };
}

/** The refused upload and the next request on one keep-alive connection: what became of that request, when. */
function refusedUploadThenNext(url, token) {
  const { port } = new URL(url);
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const body = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="a.png"\r\n` +
        'Content-Type: image/png\r\n\r\n',
    ),
    Buffer.alloc(UPLOAD_MB * 1024 * 1024, 7),
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const head =
    `POST /api/v2/media HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${token}\r\n` +
    `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${body.length}\r\n\r\n`;
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), '127.0.0.1');
    let received = '';
    let sentNextAt = 0;
    let refusal = null;
    const finish = (outcome) => {
      clearTimeout(timer);
      socket.destroy();
      resolve({ refusal, outcome, ms: sentNextAt ? Date.now() - sentNextAt : null });
    };
    const timer = setTimeout(() => finish(`no answer in ${WAIT_S} s`), WAIT_S * 1000);
    socket.on('data', (chunk) => {
      received += chunk.toString('latin1');
      const answers = [...received.matchAll(/HTTP\/1\.1 (\d{3})/g)].map((match) => match[1]);
      if (answers.length === 1 && !sentNextAt) {
        refusal = `${answers[0]}${/\r\nconnection: close\r\n/i.test(received) ? ', Connection: close' : ''}`;
        sentNextAt = Date.now();
        socket.write('GET /api/v1/instance HTTP/1.1\r\nHost: localhost\r\n\r\n');
      }
      if (answers.length === 2) finish(`answered ${answers[1]}`);
    });
    socket.on('error', (error) => finish(`connection error ${error.code}`));
    socket.on('close', () => finish('connection closed'));
    socket.write(head);
    socket.write(body);
  });
}

const deployment = await createDeployment('sqlite', 'attacks');
let server;
try {
  const [user] = await seedUsers(deployment.db, 1, 'uploader');
  await deployment.closeDatabase();
  server = await startServerProcess(deployment.env, {
    extraEnv: { TRUST_PROXY: 'true', RATE_LIMIT_API_PER_5_MINUTES: String(API_LIMIT) },
  });
  console.log(`issue 29 small attacks (${machineNote()})`);
  const spoofed = await spoofedRequests(server.url, 2 * API_LIMIT);
  console.log(
    `X-Forwarded-For spoofing: ${spoofed.answered} of ${2 * API_LIMIT} anonymous requests answered, ` +
      `${spoofed.refused} refused with 429 (allowance ${API_LIMIT} per address)`,
  );
  const wedge = await refusedUploadThenNext(server.url, user.token);
  console.log(
    `refused ${UPLOAD_MB} MB upload (${wedge.refusal}), then a GET on the same connection: ${wedge.outcome}` +
      (wedge.ms === null ? '' : ` after ${wedge.ms} ms`),
  );
} finally {
  await server?.stop();
  await deployment.cleanup();
}
