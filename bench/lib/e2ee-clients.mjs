// MLS clients in Node for the benches: @palchat/e2ee's EncryptedChatClient over HTTP with a seeded user's token.
import { createNote, EncryptedChatClient, HttpTransport, MemoryStore } from '@palchat/e2ee';

/** The actor URI the server gives `user` (the credential's identity): the Account entity's `uri`. */
export async function actorUriOf(url, user) {
  const response = await fetch(`${url}/api/v1/accounts/verify_credentials`, {
    headers: { authorization: `Bearer ${user.token}` },
  });
  if (response.status !== 200) throw new Error(`${user.username}'s account answered ${response.status}`);
  return (await response.json()).uri;
}

/**
 * A registered device for `user` (seedUsers' { id, username, token }) with its key packages on the server.
 * `transport` wraps the HTTP transport when given (to record what the client posts).
 */
export async function deviceFor(url, user, { name = 'bench', wrap = (transport) => transport } = {}) {
  const transport = wrap(new HttpTransport({ baseUrl: url, auth: { bearerToken: user.token } }));
  const client = new EncryptedChatClient({
    store: new MemoryStore(),
    transport,
    accountId: user.id,
    actorUri: await actorUriOf(url, user),
  });
  await client.ensureDevice(name);
  await client.refillKeyPackages();
  return client;
}

/**
 * `count` request bodies of encrypted messages in `conversationId`, made by `client` without posting them: what
 * its POST …/messages would carry (application messages do not move the epoch, so they all stay valid).
 */
export async function encryptedBodies(client, recorder, conversationId, count, textOf) {
  const bodies = [];
  recorder.capture = (body) => bodies.push(body);
  for (let index = 0; index < count; index += 1) await client.send(conversationId, createNote(textOf(index)));
  recorder.capture = undefined;
  return bodies;
}

/**
 * A transport wrapper that, while `capture` is set, hands the posted envelope to it instead of the server and
 * answers as if the server had ordered it.
 */
export function recordingTransport() {
  const recorder = {
    capture: undefined,
    wrap(transport) {
      return new Proxy(transport, {
        get(target, property) {
          if (property !== 'postEnvelope') return Reflect.get(target, property);
          return async (conversationId, body) => {
            if (!recorder.capture) return target.postEnvelope(conversationId, body);
            recorder.capture(body);
            return { status: 'forwarded', id: `recorded-${Math.random()}` };
          };
        },
      });
    },
  };
  return recorder;
}
