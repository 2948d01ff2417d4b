import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { generateCryptoKeyPair, signRequest, verifyRequest } from '@fedify/fedify';
import { preloadedContexts } from '@fedify/fedify/runtime';
import type { DocumentLoader } from '@fedify/vocab';
import { mastodonPerson } from './activitypub.js';

const AP = 'application/activity+json';

/** A stub remote actor: its Mastodon-shaped document (served by the stub server) and its RSA key pair. */
export interface RemoteActor {
  username: string;
  /** the actor id, `${server.url}/users/${username}` */
  id: string;
  /** `${id}#main-key` */
  keyId: string;
  /** `user@host` */
  acct: string;
  inbox: string;
  followers: string;
  keys: { privateKey: CryptoKey; publicKey: CryptoKey };
  document: Record<string, unknown>;
}

/** An activity POSTed to one of the stub's inboxes, with the key id its signature verified with (or null). */
export interface ReceivedActivity {
  path: string;
  headers: http.IncomingHttpHeaders;
  activity: Record<string, unknown>;
  verifiedKeyId: string | null;
}

export interface PostOptions {
  /** the actor whose key signs (default: the activity's `actor`, found among this server's actors) */
  signer?: string;
  /** the signature's Date (default now): a stale one must be refused */
  date?: Date;
  spec?: 'draft-cavage-http-signatures-12' | 'rfc9421';
}

export interface RemoteServer {
  /** `http://127.0.0.1:PORT` */
  url: string;
  /** `127.0.0.1:PORT`, the domain of its actors' accts */
  host: string;
  received: ReceivedActivity[];
  /** A new actor served at /users/NAME (+ WebFinger); `extra` overrides fields of the Mastodon Person document. */
  addActor(username: string, extra?: Record<string, unknown>): Promise<RemoteActor>;
  /** Changes what the actor document says from now on (an Update, a Move's alsoKnownAs…). */
  updateActor(username: string, extra: Record<string, unknown>): RemoteActor;
  /** WebFinger for `acct:ACCT` never answers (a slow server): what waits on it must give up on its own. */
  stallWebFinger(acct: string): void;
  /**
   * Any JSON-LD document at `path` (a Note the server under test may fetch, a collection…); null removes it.
   * With `onlyTo` (key ids), as Mastodon serves a direct post: 403 unless the GET is signed with one of them.
   */
  serve(path: string, document: Record<string, unknown> | null, options?: { onlyTo?: string[] }): void;
  /** The key ids that signed GETs of each path (null: unsigned or not verified), in order. */
  readers: Map<string, (string | null)[]>;
  /** A file (an image, say) at `path`, with its content type; null removes it. */
  serveFile(path: string, file: { data: Buffer; contentType: string } | null): void;
  /** How many times each path was read with GET. */
  reads: Map<string, number>;
  /** POSTs `activity` (JSON-LD) to `inboxUrl` signed as Mastodon signs; the server's response. */
  post(inboxUrl: string, activity: Record<string, unknown>, options?: PostOptions): Promise<Response>;
  /** Resolves with the first received activity matching `predicate` (already received ones count). */
  waitForActivity(
    predicate: (received: ReceivedActivity) => boolean,
    timeoutMs?: number,
  ): Promise<ReceivedActivity>;
  close(): Promise<void>;
}

async function publicKeyPem(key: CryptoKey): Promise<string> {
  const spki = Buffer.from(await crypto.subtle.exportKey('spki', key)).toString('base64');
  const lines = spki.match(/.{1,64}/g) ?? [];
  return `-----BEGIN PUBLIC KEY-----\n${lines.join('\n')}\n-----END PUBLIC KEY-----\n`;
}

/** Fetches what a signature's key id names (the server under test's actors), with Fedify's contexts preloaded. */
const fetchingLoader: DocumentLoader = async (url) => {
  const preloaded = preloadedContexts[url];
  if (preloaded) return { contextUrl: null, documentUrl: url, document: preloaded };
  const response = await fetch(url, { headers: { accept: AP } });
  if (!response.ok) throw new Error(`${url}: ${response.status}`);
  return { contextUrl: null, documentUrl: response.url || url, document: await response.json() };
};

async function readBody(request: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** Where the stub listens: by default http on a free port of 127.0.0.1. */
export interface RemoteServerOptions {
  /** serve https with this certificate (PEM) instead of http */
  tls?: { cert: string; key: string };
  /** the address and port to listen on */
  listen?: { host: string; port: number };
  /** its public origin (`https://name`), when not the address it listens on */
  origin?: string;
}

/**
 * A stand-in remote server on 127.0.0.1 (the server under test needs FEDERATION_ALLOW_HTTP and
 * FEDERATION_ALLOW_PRIVATE_ADDRESSES, as `listenFederatedServer` sets), or wherever `options` say (the
 * federation suite's stub host): it serves WebFinger, Mastodon-shaped actors with RSA keys and any documents a
 * test gives it, signs the activities a test POSTs to the server under test, and records (and verifies the
 * signature of) every activity delivered to its inboxes.
 */
export async function startRemoteServer(options: RemoteServerOptions = {}): Promise<RemoteServer> {
  const actors = new Map<string, RemoteActor>();
  const documents = new Map<string, Record<string, unknown>>();
  const audiences = new Map<string, string[]>();
  const readers = new Map<string, (string | null)[]>();
  const files = new Map<string, { data: Buffer; contentType: string }>();
  const reads = new Map<string, number>();
  const received: ReceivedActivity[] = [];
  const waiters: (() => void)[] = [];
  const stalled = new Set<string>();

  const onRequest = (request: http.IncomingMessage, response: http.ServerResponse) => {
    void handle(request, response).catch((error: unknown) => {
      response.writeHead(500).end(String(error));
    });
  };
  const server = options.tls ? https.createServer(options.tls, onRequest) : http.createServer(onRequest);
  const listen = options.listen ?? { host: '127.0.0.1', port: 0 };
  await new Promise<void>((resolve) => server.listen(listen.port, listen.host, resolve));
  const { port } = server.address() as AddressInfo;
  const url = options.origin ?? `http://127.0.0.1:${port}`;
  const host = new URL(url).host;

  const json = (response: http.ServerResponse, status: number, body: unknown, type = AP): void => {
    response.writeHead(status, { 'content-type': type }).end(JSON.stringify(body));
  };

  /** The key id of the request's valid HTTP signature (Fedify verifies it), or null. */
  async function verifiedKeyIdOf(request: http.IncomingMessage, requestUrl: URL, body?: Buffer) {
    const headers = new Headers();
    for (const [name, value] of Object.entries(request.headers)) {
      if (typeof value === 'string') headers.set(name, value);
    }
    const key = await verifyRequest(
      new Request(requestUrl, {
        method: request.method ?? 'GET',
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
      }),
      { documentLoader: fetchingLoader, contextLoader: fetchingLoader },
    ).catch(() => null);
    return key?.id?.href ?? null;
  }

  async function handle(request: http.IncomingMessage, response: http.ServerResponse): Promise<void> {
    const requestUrl = new URL(request.url ?? '/', url);
    if (request.method === 'POST') {
      const body = await readBody(request);
      const verifiedKeyId = await verifiedKeyIdOf(request, requestUrl, body);
      received.push({
        path: requestUrl.pathname,
        headers: request.headers,
        activity: JSON.parse(body.toString()) as Record<string, unknown>,
        verifiedKeyId,
      });
      for (const wake of waiters.splice(0)) wake();
      response.writeHead(202).end();
      return;
    }
    if (requestUrl.pathname === '/.well-known/webfinger') {
      const resource = requestUrl.searchParams.get('resource') ?? '';
      if (stalled.has(resource)) return;
      const actor = [...actors.values()].find(
        (candidate) => resource === `acct:${candidate.acct}` || resource === candidate.id,
      );
      if (!actor) return json(response, 404, { error: 'not found' }, 'application/json');
      return json(
        response,
        200,
        {
          subject: `acct:${actor.acct}`,
          aliases: [actor.id],
          links: [
            {
              rel: 'http://webfinger.net/rel/profile-page',
              type: 'text/html',
              href: `${url}/@${actor.username}`,
            },
            { rel: 'self', type: AP, href: actor.id },
          ],
        },
        'application/jrd+json',
      );
    }
    reads.set(requestUrl.pathname, (reads.get(requestUrl.pathname) ?? 0) + 1);
    const file = files.get(requestUrl.pathname);
    if (file) {
      response.writeHead(200, { 'content-type': file.contentType, 'content-length': file.data.length });
      response.end(file.data);
      return;
    }
    const actor = [...actors.values()].find((candidate) => candidate.id === `${url}${requestUrl.pathname}`);
    const document = actor?.document ?? documents.get(requestUrl.pathname);
    if (!document) return json(response, 404, { error: 'not found' }, 'application/json');
    const audience = audiences.get(requestUrl.pathname);
    if (audience) {
      const keyId = await verifiedKeyIdOf(request, requestUrl);
      readers.set(requestUrl.pathname, [...(readers.get(requestUrl.pathname) ?? []), keyId]);
      if (!keyId || !audience.includes(keyId))
        return json(response, 403, { error: 'This action is not allowed' }, 'application/json');
    }
    json(response, 200, document);
  }

  function actorOf(username: string): RemoteActor {
    const actor = actors.get(username);
    if (!actor) throw new Error(`No stub actor ${username} on ${host}`);
    return actor;
  }

  return {
    url,
    host,
    received,
    async addActor(username, extra = {}) {
      const keys = await generateCryptoKeyPair('RSASSA-PKCS1-v1_5');
      const id = `${url}/users/${username}`;
      const actor: RemoteActor = {
        username,
        id,
        keyId: `${id}#main-key`,
        acct: `${username}@${host}`,
        inbox: `${id}/inbox`,
        followers: `${id}/followers`,
        keys,
        document: {},
      };
      actor.document = {
        ...mastodonPerson(url, username, { alsoKnownAs: [] }),
        publicKey: { id: actor.keyId, owner: id, publicKeyPem: await publicKeyPem(keys.publicKey) },
        ...extra,
      };
      actors.set(username, actor);
      return actor;
    },
    updateActor(username, extra) {
      const actor = actorOf(username);
      actor.document = { ...actor.document, ...extra };
      return actor;
    },
    stallWebFinger(acct) {
      stalled.add(`acct:${acct}`);
    },
    serve(path, document, options = {}) {
      if (document) documents.set(path, document);
      else documents.delete(path);
      if (document && options.onlyTo) audiences.set(path, options.onlyTo);
      else audiences.delete(path);
    },
    readers,
    serveFile(path, file) {
      if (file) files.set(path, file);
      else files.delete(path);
    },
    reads,
    async post(inboxUrl, activity, options = {}) {
      const signerId = options.signer ?? String(activity.actor);
      const signer = [...actors.values()].find((candidate) => candidate.id === signerId);
      if (!signer) throw new Error(`No stub actor ${signerId} to sign with`);
      const body = JSON.stringify(activity);
      const request = new Request(inboxUrl, {
        method: 'POST',
        headers: { 'content-type': AP, accept: AP },
        body,
      });
      const signed = await signRequest(request, signer.keys.privateKey, new URL(signer.keyId), {
        spec: options.spec ?? 'draft-cavage-http-signatures-12',
        ...(options.date
          ? { currentTime: Temporal.Instant.fromEpochMilliseconds(options.date.getTime()) }
          : {}),
      });
      return fetch(signed);
    },
    async waitForActivity(predicate, timeoutMs = 15_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const match = received.find(predicate);
        if (match) return match;
        const left = deadline - Date.now();
        if (left <= 0) throw new Error(`No matching activity reached ${host} within ${timeoutMs} ms`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(left, 250));
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Polls `check` until it holds (the inbox answers 202 first and handles the activity from the queue). */
export async function waitUntil(check: () => boolean | Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`Condition not met within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
