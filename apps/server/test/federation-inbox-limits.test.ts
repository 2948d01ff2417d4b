import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import { GENEROUS_RATE_LIMITS, type TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

const AS = 'https://www.w3.org/ns/activitystreams';

/** Term definitions each holding the next in a scoped @context, `depth` deep (issue 29's 22 KB attack). */
function scopedContextAttack(depth: number): Record<string, unknown> {
  let context: Record<string, unknown> = { leaf: 'as:content' };
  for (let level = 0; level < depth; level++)
    context = { [`t${level}`]: { '@id': 'as:name', '@context': context } };
  return {
    '@context': [AS, context],
    id: 'https://evil.example/1',
    type: 'Create',
    actor: 'https://evil.example/a',
  };
}

describe('inbox: limits checked before Fedify', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;

  const postRaw = (body: string) =>
    fetch(`${server.url}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body,
    });

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer(
      {},
      { rateLimit: { ...GENEROUS_RATE_LIMITS, inboxPerActorPer5Minutes: 5, inboxPerServerPer5Minutes: 8 } },
    );
    await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('answers 400 to a 100,000-deep array and a 5,000-deep object', async () => {
    const array = await postRaw('['.repeat(100_000) + ']'.repeat(100_000));
    expect(array.status).toBe(400);
    expect(((await array.json()) as { error: string }).error).toMatch(/nested deeper/);
    expect((await postRaw('{"a":'.repeat(5000) + '1' + '}'.repeat(5000))).status).toBe(400);
  });

  it('answers 400 to nested scoped contexts, 600 deep or 20, unsigned', async () => {
    expect((await postRaw(JSON.stringify(scopedContextAttack(600)))).status).toBe(400);
    const shallow = await postRaw(JSON.stringify(scopedContextAttack(20)));
    expect(shallow.status).toBe(400);
    expect(((await shallow.json()) as { error: string }).error).toMatch(/scoped @context/);
  });

  it('answers 400 to a @context that is not preloaded, and to text that is not JSON', async () => {
    const remoteContext = { '@context': 'https://evil.example/ctx.jsonld', type: 'Create' };
    expect((await postRaw(JSON.stringify(remoteContext))).status).toBe(400);
    expect((await postRaw('{"type":')).status).toBe(400);
  });

  it('answers 401 to an unsigned activity within the limits', async () => {
    const create = { '@context': AS, id: `${bob.id}#c/1`, type: 'Create', actor: bob.id, object: 'x' };
    const response = await postRaw(JSON.stringify(create));
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ error: 'Missing or invalid HTTP signature' });
  });

  it('holds a remote actor to its rate limit with 429 and Retry-After', async () => {
    const like = (n: number) => ({
      '@context': AS,
      id: `${bob.id}#likes/${n}`,
      type: 'Like',
      actor: bob.id,
      object: `${server.url}/users/alice`,
    });
    const statuses: number[] = [];
    for (let n = 0; n < 6; n++) statuses.push((await remote.post(`${server.url}/inbox`, like(n))).status);
    expect(statuses.slice(0, 5).every((status) => status === 202)).toBe(true);
    expect(statuses[5]).toBe(429);
    const refused = await remote.post(`${server.url}/inbox`, like(7));
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('holds a remote server to its rate limit across its actors', async () => {
    const carol = await remote.addActor('carol');
    const follow = { '@context': AS, type: 'Like', actor: carol.id, object: `${server.url}/users/alice` };
    // bob's 7 activities counted against the server's 8 already
    expect((await remote.post(`${server.url}/inbox`, { ...follow, id: `${carol.id}#l/1` })).status).toBe(202);
    expect((await remote.post(`${server.url}/inbox`, { ...follow, id: `${carol.id}#l/2` })).status).toBe(429);
  });
});

describe('inbox: repeated Follows and Flags', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;

  const queueDrained = async () =>
    (await server.db.selectFrom('federation_queue').select('id').execute()).length === 0;

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ workers: 1 });
    await createAccount(server, { username: 'alice' });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('answers many Follows of the same account with one Accept', async () => {
    for (let n = 0; n < 30; n++) {
      const follow = { '@context': AS, id: `${bob.id}#follows/${n}`, type: 'Follow', actor: bob.id };
      await remote.post(`${server.url}/inbox`, { ...follow, object: `${server.url}/users/alice` });
    }
    await waitUntil(queueDrained);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(remote.received.filter((received) => received.activity.type === 'Accept')).toHaveLength(1);
  });

  it('files a repeated Flag about the same objects once while its report is open', async () => {
    for (let n = 0; n < 10; n++) {
      const flag = {
        '@context': AS,
        id: `${bob.id}#flags/${n}`,
        type: 'Flag',
        actor: bob.id,
        content: 'spam',
      };
      await remote.post(`${server.url}/inbox`, { ...flag, object: [`${server.url}/users/alice`] });
    }
    await waitUntil(queueDrained);
    expect(await server.db.selectFrom('reports').select('id').execute()).toHaveLength(1);
  });
});
