import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountRow, createAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

const AS = 'https://www.w3.org/ns/activitystreams';

const selfDelete = (actor: RemoteActor) => ({
  '@context': AS,
  id: `${actor.id}#delete`,
  type: 'Delete',
  actor: actor.id,
  object: actor.id,
});

describe('inbox: activities that need no work', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let gone: RemoteActor;
  let known: RemoteActor;

  const queued = async () => (await server.db.selectFrom('federation_queue').select('id').execute()).length;

  beforeAll(async () => {
    remote = await startRemoteServer();
    gone = await remote.addActor('gone');
    known = await remote.addActor('known');
    // no queue consumer: what Fedify accepts stays in the queue, where the test sees it
    server = await listenFederatedServer({ workers: 0 });
    await createAccount(server, { username: 'alice' });
    await server.db
      .insertInto('accounts')
      .values(
        accountRow('known', {
          domain: remote.host,
          uri: known.id,
          url: known.id,
          inbox_url: known.inbox,
          actor_type: 'Person',
        }),
      )
      .execute();
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('accepts a Delete by an actor it never stored without fetching its key or queueing it', async () => {
    const signed = await remote.post(`${server.url}/inbox`, selfDelete(gone));
    expect(signed.status).toBe(202);
    // unsigned too: a deleted actor's key is gone, and there is nothing to delete here anyway
    const unsigned = await fetch(`${server.url}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify({ ...selfDelete(gone), object: `${gone.id}/statuses/1` }),
    });
    expect(unsigned.status).toBe(202);
    expect(remote.reads.get('/users/gone')).toBeUndefined();
    expect(await queued()).toBe(0);
  });

  it('still refuses a malformed body, and hands a known actor’s Delete to Fedify, signature checked', async () => {
    const malformed = await fetch(`${server.url}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: '{"type":"Delete",',
    });
    expect(malformed.status).toBe(400);
    const unsigned = await fetch(`${server.url}/inbox`, {
      method: 'POST',
      headers: { 'content-type': 'application/activity+json' },
      body: JSON.stringify(selfDelete(known)),
    });
    expect(unsigned.status).toBe(401);
    expect((await remote.post(`${server.url}/inbox`, selfDelete(known))).status).toBe(202);
    expect(remote.reads.get('/users/known')).toBeGreaterThan(0);
    await waitUntil(async () => (await queued()) === 1);
  });
});
