import { signRequest } from '@fedify/fedify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import { startRemoteServer, type RemoteActor, type RemoteServer } from './helpers/remote-server.js';

const AP = 'application/activity+json';

describe('collections over ActivityPub (Mastodon 4.6 FeaturedCollection)', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let alice: TestAccount;

  const api = async (method: 'POST' | 'PATCH' | 'DELETE', url: string, payload?: Record<string, unknown>) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${alice.token}` },
      ...(payload ? { payload } : {}),
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const fetchAp = async (path: string) => {
    const response = await server.app.inject({ method: 'GET', url: path, headers: { accept: AP } });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    await createAccount(server, { username: 'carol', locked: 1 });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('announces featuredCollections and who may feature the actor', async () => {
    const actor = await fetchAp('/users/alice');
    expect(actor.body).toMatchObject({
      featuredCollections: `${server.url}/users/alice/featured_collections`,
      interactionPolicy: {
        canFeature: { automaticApproval: ['https://www.w3.org/ns/activitystreams#Public'] },
      },
    });
    const locked = await fetchAp('/users/carol');
    expect(locked.body).toMatchObject({
      interactionPolicy: { canFeature: { automaticApproval: [`${server.url}/users/carol/followers`] } },
    });
  });

  it('serves a collection as a FeaturedCollection and tells remote followers of its changes', async () => {
    // bob (remote) follows alice: resolve him first, then record the follow
    const resolved = await server.app.inject({
      method: 'GET',
      url: `/api/v2/search?q=${encodeURIComponent(`@${bob.acct}`)}&type=accounts&resolve=true`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    const bobId = resolved.json<{ accounts: { id: string }[] }>().accounts[0]?.id ?? '';
    await follow(server, { id: bobId }, alice);
    const other = await createAccount(server, { username: 'dora' });

    const created = await api('POST', '/api/v1/collections', {
      name: 'Birders',
      description: 'Good at birds',
      language: 'en',
      tag_name: 'birds',
      account_ids: [other.account.id],
    });
    expect(created.status).toBe(200);
    const collection = created.body.collection as { id: string; uri: string };
    expect(collection.uri).toBe(`${server.url}/users/alice/collections/${collection.id}`);

    const document = await fetchAp(`/users/alice/collections/${collection.id}`);
    expect(document.status).toBe(200);
    expect(document.body).toMatchObject({
      id: collection.uri,
      type: 'FeaturedCollection',
      name: 'Birders',
      summaryMap: { en: 'Good at birds' },
      attributedTo: `${server.url}/users/alice`,
      url: `${server.url}/collections/${collection.id}`,
      sensitive: false,
      discoverable: true,
      topic: { type: 'Hashtag', name: '#birds' },
      totalItems: 1,
      orderedItems: [
        { type: 'FeaturedItem', featuredObject: `${server.url}/users/dora`, featuredObjectType: 'Person' },
      ],
    });
    const list = await fetchAp('/users/alice/featured_collections');
    expect(list.body).toMatchObject({ type: 'OrderedCollection', totalItems: 1 });
    // a browser gets the page
    const page = await server.app.inject({ method: 'GET', url: `/users/alice/collections/${collection.id}` });
    expect(page.statusCode).toBe(302);
    expect(page.headers.location).toBe(`/collections/${collection.id}`);

    const add = await remote.waitForActivity((received) => received.activity.type === 'Add');
    expect(add.activity).toMatchObject({
      actor: `${server.url}/users/alice`,
      object: collection.uri,
      target: `${server.url}/users/alice/featured_collections`,
    });
    expect((await api('PATCH', `/api/v1/collections/${collection.id}`, { name: 'Bird people' })).status).toBe(
      200,
    );
    const update = await remote.waitForActivity((received) => received.activity.type === 'Update');
    expect(update.activity).toMatchObject({ object: collection.uri });
    expect((await api('DELETE', `/api/v1/collections/${collection.id}`)).status).toBe(200);
    const removed = await remote.waitForActivity((received) => received.activity.type === 'Remove');
    expect(removed.activity).toMatchObject({
      object: collection.uri,
      target: `${server.url}/users/alice/featured_collections`,
    });
    expect((await fetchAp(`/users/alice/collections/${collection.id}`)).status).toBe(404);
  });

  it('does not let a remote account be featured: its consent cannot be known', async () => {
    const bobId = (
      await server.db.selectFrom('accounts').select('id').where('uri', '=', bob.id).executeTakeFirstOrThrow()
    ).id;
    const refused = await api('POST', '/api/v1/collections', { name: 'Remote', account_ids: [bobId] });
    expect(refused.status).toBe(422);
  });
  it("accepts a remote server's collection activities without mistaking the collection for a post", async () => {
    const uri = `${remote.url}/users/bob/collections/7`;
    remote.serve('/users/bob/collections/7', {
      '@context': 'https://www.w3.org/ns/activitystreams',
      id: uri,
      type: 'FeaturedCollection',
      name: 'Remote picks',
      attributedTo: bob.id,
      totalItems: 0,
      orderedItems: [],
    });
    const statusesBefore = await server.db.selectFrom('statuses').select('id').execute();
    const target = `${bob.id}/featured_collections`;
    for (const activity of [
      { type: 'Add', object: uri, target },
      { type: 'Update', object: uri },
      { type: 'Remove', object: uri, target },
    ]) {
      const response = await remote.post(`${server.url}/inbox`, {
        '@context': 'https://www.w3.org/ns/activitystreams',
        id: `${uri}#${activity.type}`,
        actor: bob.id,
        ...activity,
      });
      expect(response.status, activity.type).toBeLessThan(300);
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await server.db.selectFrom('statuses').select('id').execute()).toEqual(statusesBefore);
  });
});

describe('collections under AUTHORIZED_FETCH', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let collectionPath: string;

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ authorizedFetch: true });
    const alice = await createAccount(server, { username: 'alice' });
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/collections',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { name: 'Signed only' },
    });
    collectionPath = `/users/alice/collections/${created.json<{ collection: { id: string } }>().collection.id}`;
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('serves the documents to signed fetches only', async () => {
    for (const path of [collectionPath, '/users/alice/featured_collections']) {
      const url = `${server.url}${path}`;
      expect((await fetch(url, { headers: { accept: AP } })).status, path).toBe(401);
      const signed = await signRequest(
        new Request(url, { headers: { accept: AP } }),
        bob.keys.privateKey,
        new URL(bob.keyId),
      );
      expect((await fetch(signed)).status, path).toBe(200);
    }
  });
});
