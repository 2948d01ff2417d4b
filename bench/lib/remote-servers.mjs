// Simulated remote ActivityPub servers on loopback for the federation benchmark: one request handler answering
// on many ports of 127.0.0.1, each port being a server `127.0.0.1:PORT` with its own actors (one key pair shared
// by all, to keep start-up short), a shared inbox and personal inboxes that record what arrives. Used with
// FEDERATION_ALLOW_HTTP and FEDERATION_ALLOW_PRIVATE_ADDRESSES on the server under test.
import { generateKeyPairSync } from 'node:crypto';
import http from 'node:http';
import { freePort } from './deployment.mjs';

const AS_CONTEXT = ['https://www.w3.org/ns/activitystreams', 'https://w3id.org/security/v1'];
export const PUBLIC_COLLECTION = 'https://www.w3.org/ns/activitystreams#Public';
const ACTOR_PATH = /^\/users\/([a-z0-9_]+)$/;

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
 * Starts `count` simulated servers with `actorsPerServer` actors each (usernames a0, a1, …).
 * Returns { servers: [{ origin, domain, actors: [{ username, id, inbox, sharedInbox }] }], privateKey,
 * onDelivery(listener), close() }; a listener gets { origin, path, activity } for every POST to an inbox.
 */
export async function startRemoteServers(count, actorsPerServer) {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
  const publicKeyPem = publicKey.export({ type: 'spki', format: 'pem' });
  const listeners = new Set();
  const handler = (origin) => async (request, response) => {
    const path = (request.url ?? '/').split('?')[0];
    if (request.method === 'POST' && (path === '/inbox' || path.endsWith('/inbox'))) {
      const body = await readBody(request);
      response.writeHead(202).end();
      let activity = null;
      try {
        activity = JSON.parse(body);
      } catch {
        // recorded as null: the benchmark counts only what it recognises
      }
      for (const listener of listeners) listener({ origin, path, activity });
      return;
    }
    const actor = ACTOR_PATH.exec(path);
    if (request.method === 'GET' && actor) {
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
    const server = http.createServer({ keepAlive: true }, handler(origin));
    await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
    httpServers.push(server);
    servers.push({
      origin,
      domain,
      actors: Array.from({ length: actorsPerServer }, (_, actorIndex) => {
        const username = `a${actorIndex}`;
        const id = `${origin}/users/${username}`;
        return { username, id, inbox: `${id}/inbox`, sharedInbox: `${origin}/inbox` };
      }),
    });
  }
  return {
    servers,
    privateKey,
    onDelivery(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    async close() {
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

/** A Mastodon-shaped Create of a public Note by `actor` (an entry of startRemoteServers' servers[].actors). */
export function createActivity(actor, serial) {
  const noteId = `${actor.id}/statuses/bench-${serial}`;
  const published = new Date().toISOString();
  const addressing = { to: [PUBLIC_COLLECTION], cc: [`${actor.id}/followers`] };
  return {
    '@context': AS_CONTEXT,
    id: `${noteId}/activity`,
    type: 'Create',
    actor: actor.id,
    published,
    ...addressing,
    object: {
      id: noteId,
      type: 'Note',
      attributedTo: actor.id,
      content: `<p>Benchmark post ${serial} from a simulated server</p>`,
      published,
      url: noteId,
      ...addressing,
    },
  };
}
