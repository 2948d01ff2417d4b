// Server memory under hostile and heavy uploads: the server runs as a process of its own (SQLite), and its
// resident memory (VmRSS, peak VmHWM from /proc) is printed before, at the peak and after two probes:
//   1. 8 parallel 90 MB uploads (a PNG header and then zeros: refused as larger than image_size_limit);
//   2. 30 parallel 12 MB JPEG photos (4000×3000), 3 from each of 10 accounts (under UPLOADS_PER_USER, 4).
//
//   npm run bench:uploads
//   BENCH_BIG_UPLOADS=8 BENCH_BIG_MB=90 BENCH_IMAGES=30 BENCH_IMAGE_MB=12 npm run bench:uploads
import crypto from 'node:crypto';
import fs from 'node:fs';
import sharp from 'sharp';
import { createDeployment, machineNote, pause, startServerProcess } from './lib/deployment.mjs';
import { seedUsers } from './lib/seed.mjs';

const BIG_UPLOADS = Number(process.env.BENCH_BIG_UPLOADS || 8);
const BIG_MB = Number(process.env.BENCH_BIG_MB || 90);
const IMAGES = Number(process.env.BENCH_IMAGES || 30);
const IMAGE_MB = Number(process.env.BENCH_IMAGE_MB || 12);
const IMAGES_PER_ACCOUNT = 3;
const MB = 1024 * 1024;
const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/** Resident and peak resident memory of a process, in MB. */
function memoryOf(pid) {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (name) => Number(new RegExp(`^${name}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? 0);
  return { rss: kb('VmRSS') / 1024, peak: kb('VmHWM') / 1024 };
}

/** A photo-like JPEG (noise compresses as badly as detail does) padded with zeros to `size` bytes. */
async function photo(size) {
  const [width, height] = [4000, 3000];
  const pixels = crypto.randomBytes(width * height * 3);
  const jpeg = await sharp(pixels, { raw: { width, height, channels: 3 } })
    .jpeg({ quality: 90 })
    .toBuffer();
  if (jpeg.length > size) return jpeg;
  return Buffer.concat([jpeg, Buffer.alloc(size - jpeg.length)]);
}

/** A multipart body streamed in 64 kB chunks: `head` then zeros up to `size` bytes of file. */
function multipartStream(head, size) {
  const boundary = `----bench${crypto.randomBytes(8).toString('hex')}`;
  const opening = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="upload"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const closing = Buffer.from(`\r\n--${boundary}--\r\n`);
  const zeros = Buffer.alloc(64 * 1024);
  let sent = 0;
  const body = new ReadableStream({
    start(controller) {
      controller.enqueue(opening);
    },
    pull(controller) {
      if (sent === 0) {
        controller.enqueue(head);
        sent = head.length;
      } else if (sent < size) {
        const chunk = zeros.subarray(0, Math.min(zeros.length, size - sent));
        controller.enqueue(chunk);
        sent += chunk.length;
      } else {
        controller.enqueue(closing);
        controller.close();
      }
    },
  });
  return { body, type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(url, token, head, size) {
  const { body, type } = multipartStream(head, size);
  try {
    const response = await fetch(`${url}/api/v2/media`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': type },
      body,
      duplex: 'half',
    });
    await response.arrayBuffer();
    return String(response.status);
  } catch (error) {
    // the server may close the connection once it has answered, before the body is all sent
    return `closed (${error.cause?.code ?? error.message})`;
  }
}

const tally = (answers) =>
  Object.entries(answers.reduce((counts, answer) => ({ ...counts, [answer]: (counts[answer] ?? 0) + 1 }), {}))
    .map(([answer, count]) => `${count}× ${answer}`)
    .join(', ');

/** Runs `work` while sampling the server's memory; the peak is the process's VmHWM. */
async function probe(pid, label, work) {
  const before = memoryOf(pid).rss;
  const started = Date.now();
  const answers = await work();
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  const peak = memoryOf(pid).peak;
  await pause(2000);
  const after = memoryOf(pid).rss;
  console.log(
    `${label.padEnd(34)} RSS before ${before.toFixed(0)} MB, peak ${peak.toFixed(0)} MB, ` +
      `2 s after ${after.toFixed(0)} MB (${seconds} s; answers: ${tally(answers)})`,
  );
}

const deployment = await createDeployment('sqlite', 'uploads');
let server;
try {
  const bigUploaders = await seedUsers(deployment.db, BIG_UPLOADS, 'big');
  const photographers = await seedUsers(deployment.db, Math.ceil(IMAGES / IMAGES_PER_ACCOUNT), 'photo');
  await deployment.closeDatabase();
  const image = await photo(IMAGE_MB * MB);
  server = await startServerProcess(deployment.env);
  const pid = server.child.pid;
  console.log(`upload memory (${machineNote()})`);
  await pause(1000);
  console.log(`idle server                        RSS ${memoryOf(pid).rss.toFixed(0)} MB`);

  await probe(pid, `${BIG_UPLOADS} × ${BIG_MB} MB (too large)`, () =>
    Promise.all(bigUploaders.map((user) => upload(server.url, user.token, PNG_SIGNATURE, BIG_MB * MB))),
  );
  await probe(pid, `${IMAGES} × ${(image.length / MB).toFixed(0)} MB JPEG 4000×3000`, () =>
    Promise.all(
      Array.from({ length: IMAGES }, (_, index) =>
        upload(server.url, photographers[index % photographers.length].token, image, image.length),
      ),
    ),
  );
  const { rss, peak } = memoryOf(pid);
  console.log(
    `final                              RSS ${rss.toFixed(0)} MB, peak of the run ${peak.toFixed(0)} MB`,
  );
} finally {
  await server?.stop();
  await deployment.cleanup();
}
