// Simulated remote ActivityPub servers on loopback for the federation benchmark: one request handler answering
// on many ports of 127.0.0.1, each port being a server `127.0.0.1:PORT` with its own actors (one key pair shared
// by all, to keep start-up short), a shared inbox and personal inboxes that record what arrives. Used with
// FEDERATION_ALLOW_HTTP and FEDERATION_ALLOW_PRIVATE_ADDRESSES on the server under test. Any username is an
// actor (`GET /users/<name>` answers its document), so the bench can send as actors the server never saw.
// A share of the servers may be unhealthy: `slow` ones answer inbox POSTs after SLOW_ANSWER_MS, `dead` ones
// never answer them (the connection stays open).
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { freePort } from './deployment.mjs';

const AS_CONTEXT = ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'];
export const PUBLIC_COLLECTION = 'https://www.w3.org/ns/activitystreams#Public';
const ACTOR_PATH = /^\/users\/([a-z0-9_]+)$/;
export const SLOW_ANSWER_MS = 10_000;

function actorDocument(origin, username, publicKeyPem) {
  const id = `${origin}/users/${username}`;
  return {
    '@context': AS_CONTEXT,
    id,
    type: 'Person',
    preferredUsername: username,
    name: `Remote ${username}`,
    url: `${origin}/@${username}`,
    inbox: `${id}/inbox`,
    outbox: `${id}/outbox`,
    followers: `${id}/followers`,
    following: `${id}/following`,
    endpoints: { sharedInbox: `${origin}/inbox` },
    publicKey: { id: `${id}#main-key`, owner: id, publicKeyPem },
  };
}

function readBody(request) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    request.on('error', reject);
  });
}

/**
 * The health of server `index` when a `unhealthyShare` of them is slow or dead: spread evenly over the list
 * (every tenth for 10 %), alternately slow and dead, so that deliveries in list order meet them early.
 */
function healthOf(index, unhealthyShare) {
  if (unhealthyShare <= 0) return 'healthy';
  const every = Math.max(1, Math.round(1 / unhealthyShare));
  if (index % every !== every - 1) return 'healthy';
  return Math.floor(index / every) % 2 === 0 ? 'slow' : 'dead';
}

export function actorOf(origin, username) {
  const id = `${origin}/users/${username}`;
  return { username, id, inbox: `${id}/inbox`, sharedInbox: `${origin}/inbox` };
}

/**
 * Starts `count` simulated servers with `actorsPerServer` actors each (usernames a0, a1, …), a share
 * `unhealthyShare` of them slow or dead (healthOf).
 * Returns { servers: [{ origin, domain, health, actors: [{ username, id, inbox, sharedInbox }] }], privateKey,
 * onDelivery(listener), close() }; a listener gets { origin, path, activity, at } for every POST to an inbox
 * (`at`: performance.now() when it arrived).
 */
export async function startRemoteServers(count, actorsPerServer, { unhealthyShare = 0 } = {}) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' });
  const listeners = new Set();
  const timers = new Set();
  const actorFetches = { count: 0 };
  const handler = (origin, health) => async (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'POST' && (path === '/inbox' || path.endsWith('/inbox'))) {
      const body = await readBody(request);
      const at = performance.now();
      if (health === 'slow') {
        const timer = setTimeout(() => {
          timers.delete(timer);
          response.writeHead(202).end();
        }, SLOW_ANSWER_MS);
        timers.add(timer);
      } else if (health === 'healthy') response.writeHead(202).end();
      let activity = null;
      try {
        activity = JSON.parse(body);
      } catch {
        // recorded as null: the benchmark counts only what it recognises
      }
      for (const listener of listeners) listener({ origin, path, activity, at });
      return;
    }
    const actor = ACTOR_PATH.exec(path);
    if (request.method === 'GET' && actor) {
      actorFetches.count += 1;
      response.writeHead(200, { 'content-type': 'application/activity+json' });
      response.end(JSON.stringify(actorDocument(origin, actor[1], publicKeyPem)));
      return;
    }
    response.writeHead(404, { 'content-type': 'application/json' }).end('{"error":"not found"}');
  };

  const httpServers = [];
  const servers = [];
  for (let index = 0; index < count; index += 1) {
    const port = await freePort();
    const domain = `127.0.0.1:${port}`;
    const origin = `http://${domain}`;
    const health = healthOf(index, unhealthyShare);
    const server = http.createServer({ keepAlive: true, requestTimeout: 0 }, handler(origin, health));
    await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
    httpServers.push(server);
    servers.push({
      origin,
      domain,
      health,
      actors: Array.from({ length: actorsPerServer }, (_, actorIndex) => actorOf(origin, `a${actorIndex}`)),
    });
  }
  return {
    servers,
    privateKey,
    /** how many actor documents (with their keys) were fetched so far */
    actorFetches: () => actorFetches.count,
    onDelivery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      await Promise.all(
        httpServers.map(
          (server) =>
            new Promise((resolve) => {
              server.closeAllConnections();
              server.close(resolve);
            }),
        ),
      );
    },
  };
}

const noteIdOf = (actor, serial) => `${actor.id}/statuses/bench-${serial}`;

function note(actor, serial, content, extra = {}) {
  const noteId = noteIdOf(actor, serial);
  return {
    id: noteId,
    type: 'Note',
    attributedTo: actor.id,
    content,
    published: new Date().toISOString(),
    url: noteId,
    to: [PUBLIC_COLLECTION],
    cc: [`${actor.id}/followers`],
    ...extra,
  };
}

/**
 * A Mastodon-shaped Create of a public Note by `actor` (an entry of startRemoteServers' servers[].actors);
 * `inReplyTo`: a post it replies to (a server stores a stranger's post only when it concerns someone there).
 */
export function createActivity(actor, serial, inReplyTo = undefined) {
  const object = note(
    actor,
    serial,
    `<p>Benchmark post ${serial} from a simulated server</p>`,
    inReplyTo ? { inReplyTo } : {},
  );
  const { to, cc, published } = object;
  return {
    '@context': AS_CONTEXT,
    id: `${object.id}/activity`,
    type: 'Create',
    actor: actor.id,
    published,
    to,
    cc,
    object,
  };
}

/** An Update of the Note createActivity(actor, serial) made: new content, `updated` set. */
export function updateActivity(actor, serial) {
  const updated = new Date().toISOString();
  const object = note(actor, serial, `<p>Benchmark post ${serial}, edited</p>`, { updated });
  return {
    '@context': AS_CONTEXT,
    id: `${object.id}#updates/${Date.now()}`,
    type: 'Update',
    actor: actor.id,
    to: object.to,
    cc: object.cc,
    object,
  };
}

/** A Like or an Announce of `objectId` by `actor`, as Mastodon sends them. */
export function interactionActivity(type, actor, objectId, serial) {
  const addressing = type === 'Announce' ? { to: [PUBLIC_COLLECTION], cc: [`${actor.id}/followers`] } : {};
  return {
    '@context': AS_CONTEXT,
    id: `${actor.id}#${type.toLowerCase()}s/${serial}`,
    type,
    actor: actor.id,
    object: objectId,
    ...addressing,
  };
}

/** A Delete of a Note the receiver never saw (Mastodon sends these to every server it knows of). */
export function deleteActivity(actor, serial) {
  const objectId = `${actor.id}/statuses/gone-${serial}`;
  return {
    '@context': AS_CONTEXT,
    id: `${objectId}#delete`,
    type: 'Delete',
    actor: actor.id,
    to: [PUBLIC_COLLECTION],
    object: { id: objectId, type: 'Tombstone' },
  };
}

/** An actor's Delete of itself (an account deleted on its server, told to every server it knew). */
export function actorDeleteActivity(actor) {
  return {
    '@context': AS_CONTEXT,
    id: `${actor.id}#delete`,
    type: 'Delete',
    actor: actor.id,
    to: [PUBLIC_COLLECTION],
    object: actor.id,
  };
}
