// Drives a Palchat server through the shipped Caddyfile, as a browser and an app would (run by
// scripts/selfhost.mjs inside its network namespace, trusting Caddy's local CA): sign-in, a WebSocket stream,
// an event stream and a media upload, each through TLS at https://SELFHOST_DOMAIN.
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import WebSocket from 'ws';
import { csrfKeyOf, csrfTokenOf, visitorBinding } from '../../apps/server/src/auth/csrf.js';
import { webAccessToken } from '../../apps/server/src/auth/sessions.js';

const origin = `https://${process.env.SELFHOST_DOMAIN}`;
const secretKeyBase = process.env.SECRET_KEY_BASE ?? '';
const login = process.env.SELFHOST_LOGIN ?? '';
const password = process.env.SELFHOST_PASSWORD ?? '';
const TIMEOUT_MS = 10_000;

let passed = 0;
async function check(name: string, run: () => Promise<void>): Promise<void> {
  await run();
  passed += 1;
  console.log(`ok ${name}`);
}

function assert(condition: unknown, message: string): asserts condition {
  if (!condition) throw new Error(message);
}

function within<T>(work: Promise<T>, what: string): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_resolve, reject) =>
      setTimeout(() => reject(new Error(`${what}: nothing within ${TIMEOUT_MS} ms`)), TIMEOUT_MS),
    ),
  ]);
}

async function waitForProxy(): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const answer = await fetch(`${origin}/health`).catch(() => null);
    if (answer?.ok && (await answer.text()) === 'OK') return;
    if (Date.now() > deadline) throw new Error(`${origin}/health never answered OK through Caddy`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}

/** Signs in as the web page does (visitor cookie + CSRF token), and answers the session's bearer token. */
async function signIn(): Promise<string> {
  const visitor = randomBytes(16).toString('hex');
  const response = await fetch(`${origin}/auth/sign_in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      cookie: `_palchat_csrf=${visitor}`,
      'x-csrf-token': csrfTokenOf(csrfKeyOf(secretKeyBase), visitorBinding(visitor)),
    },
    body: JSON.stringify({ login, password }),
  });
  assert(response.status === 200, `sign-in answered ${response.status}: ${await response.text()}`);
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('_palchat_session='));
  assert(cookie, 'sign-in set no session cookie');
  // the server saw https through the proxy's X-Forwarded-Proto (TRUST_PROXY=true)
  assert(/;\s*secure/i.test(cookie), `the session cookie is not Secure: ${cookie}`);
  return webAccessToken(decodeURIComponent(cookie.split(';')[0]?.split('=')[1] ?? ''));
}

function openWebSocket(token: string): Promise<{ next: Promise<Record<string, unknown>>; close(): void }> {
  const socket = new WebSocket(`wss://${process.env.SELFHOST_DOMAIN}/api/v1/streaming?stream=user`, {
    headers: { authorization: `Bearer ${token}` },
  });
  const next = new Promise<Record<string, unknown>>((resolve) =>
    socket.on('message', (data: Buffer) => {
      const frame = JSON.parse(data.toString()) as Record<string, unknown>;
      if (frame.event === 'update') resolve(frame);
    }),
  );
  return within(
    new Promise((resolve, reject) => {
      socket.once('open', () => resolve({ next, close: () => socket.close() }));
      socket.once('error', reject);
    }),
    'the WebSocket handshake',
  );
}

/** The event stream, read as it arrives: Caddy must pass each event on at once, not buffer it. */
async function openEventStream(token: string): Promise<{ next: Promise<string>; close(): void }> {
  const controller = new AbortController();
  const response = await fetch(`${origin}/api/v1/streaming/user`, {
    headers: { authorization: `Bearer ${token}`, accept: 'text/event-stream' },
    signal: controller.signal,
  });
  assert(response.status === 200, `the event stream answered ${response.status}`);
  assert(response.body, 'the event stream has no body');
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  const next = (async () => {
    let text = '';
    for (;;) {
      const { value, done } = await reader.read();
      if (done) throw new Error('the event stream ended');
      text += value;
      // events end with a blank line; comments (`:)`, `:thump`) may come before one
      const update = text.split('\n\n').find((event) => event.split('\n').includes('event: update'));
      if (update) return update;
    }
  })();
  next.catch(() => undefined);
  return { next, close: () => controller.abort() };
}

async function api(token: string, method: string, path: string, body?: BodyInit, type?: string) {
  const response = await fetch(`${origin}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(type ? { 'content-type': type } : {}) },
    ...(body ? { body } : {}),
  });
  const json = (await response.json()) as Record<string, unknown>;
  assert(response.ok, `${method} ${path} answered ${response.status}: ${JSON.stringify(json)}`);
  return json;
}

async function main(): Promise<void> {
  await waitForProxy();
  let token = '';
  await check('sign-in through Caddy gives a Secure session', async () => {
    token = await signIn();
  });
  await check('/health?deep=1 through Caddy', async () => {
    const response = await fetch(`${origin}/health?deep=1`);
    assert(response.status === 200, `deep health answered ${response.status}: ${await response.text()}`);
  });
  const socket = await openWebSocket(token);
  const events = await openEventStream(token);
  await check('a post reaches the WebSocket and the event stream at once', async () => {
    const status = await api(
      token,
      'POST',
      '/api/v1/statuses',
      JSON.stringify({ status: 'through Caddy' }),
      'application/json',
    );
    const frame = await within(socket.next, 'the WebSocket update');
    assert(String(frame.payload).includes(String(status.id)), 'the WebSocket update is another status');
    const event = await within(events.next, 'the event-stream update');
    assert(event.includes(String(status.id)), 'the event-stream update is another status');
  });
  socket.close();
  events.close();
  await check('a 3 MB image uploads through Caddy, and its file is served with caching', async () => {
    // random pixels do not compress: a body over the default limits of proxies (nginx: 1 MB)
    const png = await sharp(randomBytes(1024 * 1024 * 3), { raw: { width: 1024, height: 1024, channels: 3 } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    assert(png.length > 3_000_000, `the image is only ${png.length} bytes`);
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(png)], { type: 'image/png' }), 'noise.png');
    const media = await api(token, 'POST', '/api/v2/media', form);
    const url = String(media.url ?? '');
    assert(url.startsWith(`${origin}/system/`), `the media URL is ${url}`);
    const file = await fetch(url);
    assert(file.status === 200, `the media file answered ${file.status}`);
    assert((await file.arrayBuffer()).byteLength > 0, 'the media file is empty');
    const caching = file.headers.get('cache-control') ?? '';
    assert(caching.includes('immutable'), `the media file's Cache-Control is "${caching}"`);
  });
}

// open streams would keep the process alive after a failure
main().then(
  () => {
    console.log(`selfhost: ${passed} passed, 0 failed`);
    process.exit(0);
  },
  (error: unknown) => {
    console.log(`not ok: ${error instanceof Error ? error.message : String(error)}`);
    console.log(`selfhost: ${passed} passed, 1 failed`);
    process.exit(1);
  },
);
