import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  COLLECTION_MAX_ITEMS,
  accountSchema,
  collectionWithAccountsSchema,
  collectionsSchema,
  notificationSchema,
  wrappedCollectionItemSchema,
  wrappedCollectionSchema,
} from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

describeEachDialect('collections (Mastodon 4.6)', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  /** not discoverable: refuses to be featured */
  let hermit: TestAccount;
  /** locked: only its followers may feature it */
  let locked: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    hermit = await createAccount(server, { username: 'hermit', discoverable: 0 });
    locked = await createAccount(server, { username: 'locked', locked: 1 });
  });
  afterAll(async () => server.close());

  const collectionCount = async () =>
    Number(
      (
        await server.db
          .selectFrom('collections')
          .select((eb) => eb.fn.countAll<number | string>().as('n'))
          .executeTakeFirstOrThrow()
      ).n,
    );
  const create = async (who: TestAccount, payload: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/api/v1/collections', payload);
    expect(response.status, JSON.stringify(response.json)).toBe(200);
    return wrappedCollectionSchema.parse(response.json).collection;
  };
  const notificationsOf = async (who: TestAccount) =>
    ((await call(who, 'GET', '/api/v1/notifications')).json as unknown[]).map((entry) =>
      notificationSchema.parse(entry),
    );

  it('creates a collection with accounts, shows it with its accounts, and tells the added account', async () => {
    const collection = await create(alice, {
      name: 'Nice accounts',
      description: 'These accounts are very nice',
      language: 'en',
      tag_name: '#Gardening',
      sensitive: false,
      discoverable: true,
      account_ids: [bob.account.id],
    });
    expect(collection).toMatchObject({
      account_id: alice.account.id,
      uri: `${server.config.publicUrl}/users/alice/collections/${collection.id}`,
      url: `${server.config.publicUrl}/collections/${collection.id}`,
      name: 'Nice accounts',
      description: 'These accounts are very nice',
      language: 'en',
      local: true,
      sensitive: false,
      discoverable: true,
      tag: { name: 'Gardening', url: `${server.config.publicUrl}/tags/gardening` },
      item_count: 1,
      items: [{ account_id: bob.account.id, state: 'accepted' }],
    });

    const shown = collectionWithAccountsSchema.parse(
      (await call(null, 'GET', `/api/v1/collections/${collection.id}`)).json,
    );
    // the curator first, then the featured accounts
    expect(shown.accounts.map((account) => account.id)).toEqual([alice.account.id, bob.account.id]);
    expect(shown.collection.id).toBe(collection.id);

    const [notification] = await notificationsOf(bob);
    expect(notification).toMatchObject({
      type: 'added_to_collection',
      account: { id: alice.account.id },
      collection: { id: collection.id, name: 'Nice accounts' },
    });
    const grouped = (await call(bob, 'GET', '/api/v2/notifications')).body as {
      notification_groups: { type: string; sample_account_ids: string[] }[];
    };
    expect(grouped.notification_groups).toMatchObject([
      {
        type: 'added_to_collection',
        sample_account_ids: [alice.account.id],
        collection: { id: collection.id, name: 'Nice accounts' },
      },
    ]);
  });

  it('adds and removes accounts; the curator alone may change a collection', async () => {
    const collection = await create(alice, { name: 'Friends' });
    expect(collection).toMatchObject({ item_count: 0, items: [], tag: null, language: null });
    const url = `/api/v1/collections/${collection.id}`;

    expect((await call(null, 'POST', `${url}/items`, { account_id: carol.account.id })).status).toBe(401);
    expect((await call(bob, 'POST', `${url}/items`, { account_id: carol.account.id })).status).toBe(403);
    expect((await call(bob, 'PATCH', url, { name: 'Mine' })).status).toBe(403);
    expect((await call(bob, 'DELETE', url)).status).toBe(403);
    expect((await call(alice, 'POST', `${url}/items`, {})).json).toEqual({
      error: '`account_id` parameter is missing',
    });
    expect((await call(alice, 'POST', `${url}/items`, { account_id: '999999' })).status).toBe(422);

    const added = await call(alice, 'POST', `${url}/items`, { account_id: carol.account.id });
    const item = wrappedCollectionItemSchema.parse(added.json).collection_item;
    expect(item).toMatchObject({ account_id: carol.account.id, state: 'accepted' });
    expect((await call(alice, 'POST', `${url}/items`, { account_id: carol.account.id })).status).toBe(422);

    expect((await call(bob, 'DELETE', `${url}/items/${item.id}`)).status).toBe(403);
    expect((await call(alice, 'DELETE', `${url}/items/999999`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `${url}/items/${item.id}`)).status).toBe(200);
    const after = collectionWithAccountsSchema.parse((await call(alice, 'GET', url)).json);
    expect(after.collection.items).toEqual([]);
    expect(after.accounts.map((account) => account.id)).toEqual([alice.account.id]);

    const renamed = await call(alice, 'PATCH', url, { name: 'Close friends', discoverable: 'false' });
    expect(wrappedCollectionSchema.parse(renamed.json).collection).toMatchObject({
      name: 'Close friends',
      discoverable: false,
    });
    expect((await call(alice, 'GET', '/api/v1/collections/999999')).status).toBe(404);
  });

  it('refuses bad input with 422 and writes nothing', async () => {
    const before = await collectionCount();
    expect((await call(null, 'POST', '/api/v1/collections', { name: 'Anon' })).status).toBe(401);
    for (const payload of [
      {},
      { name: '   ' },
      { name: 'x'.repeat(41) },
      { name: 'ok', description: 'y'.repeat(101) },
      { name: 'ok', tag_name: 'not a tag' },
      // one account that cannot be featured spoils the whole creation
      { name: 'ok', account_ids: [bob.account.id, hermit.account.id] },
    ]) {
      const response = await call(alice, 'POST', '/api/v1/collections', payload);
      expect(response.status, JSON.stringify(payload)).toBe(422);
      expect(typeof response.body.error).toBe('string');
    }
    expect(await collectionCount()).toBe(before);
  });

  it('honours the opt-out: accounts that are not discoverable cannot be featured, locked ones by followers only', async () => {
    const collection = await create(alice, { name: 'Opt-out' });
    const items = `/api/v1/collections/${collection.id}/items`;
    const hermitProfile = accountSchema.parse(
      (await call(alice, 'GET', `/api/v1/accounts/${hermit.account.id}`)).json,
    );
    expect(hermitProfile.feature_approval).toEqual({ automatic: [], manual: [], current_user: 'denied' });
    const bobProfile = accountSchema.parse(
      (await call(alice, 'GET', `/api/v1/accounts/${bob.account.id}`)).json,
    );
    expect(bobProfile.feature_approval).toEqual({
      automatic: ['public'],
      manual: [],
      current_user: 'automatic',
    });

    expect((await call(alice, 'POST', items, { account_id: hermit.account.id })).status).toBe(422);
    expect((await call(alice, 'POST', items, { account_id: locked.account.id })).status).toBe(422);
    await follow(server, alice, locked);
    expect((await call(alice, 'POST', items, { account_id: locked.account.id })).status).toBe(200);
    // a block either way ends the possibility
    await call(carol, 'POST', `/api/v1/accounts/${alice.account.id}/block`);
    expect((await call(alice, 'POST', items, { account_id: carol.account.id })).status).toBe(422);
    await call(carol, 'POST', `/api/v1/accounts/${alice.account.id}/unblock`);
    expect(await notificationsOf(hermit)).toEqual([]);
  });

  it(`holds at most ${COLLECTION_MAX_ITEMS} accounts`, async () => {
    const collection = await create(alice, { name: 'Crowd' });
    const items = `/api/v1/collections/${collection.id}/items`;
    for (let index = 0; index < COLLECTION_MAX_ITEMS; index += 1) {
      const member = await createAccount(server, { username: `member${index}` });
      expect((await call(alice, 'POST', items, { account_id: member.account.id })).status).toBe(200);
    }
    const extra = await createAccount(server, { username: 'onetoomany' });
    const refused = await call(alice, 'POST', items, { account_id: extra.account.id });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatch(/maximum is 25/);
    const shown = collectionWithAccountsSchema.parse(
      (await call(null, 'GET', `/api/v1/collections/${collection.id}`)).json,
    );
    expect(shown.collection.item_count).toBe(COLLECTION_MAX_ITEMS);
  });

  it("lists an account's collections: hidden ones to their curator only, in offset pages", async () => {
    const listUrl = `/api/v1/accounts/${alice.account.id}/collections`;
    const own = collectionsSchema.parse((await call(alice, 'GET', listUrl)).json).collections;
    const visible = collectionsSchema.parse((await call(null, 'GET', listUrl)).json).collections;
    expect(own.some((collection) => collection.name === 'Close friends')).toBe(true);
    expect(visible.some((collection) => collection.name === 'Close friends')).toBe(false);
    expect(visible.length).toBe(own.length - 1);

    const first = await call(alice, 'GET', `${listUrl}?limit=2`);
    expect(collectionsSchema.parse(first.json).collections.map((c) => c.id)).toEqual(
      own.slice(0, 2).map((c) => c.id),
    );
    expect(first.raw.headers.link).toContain('offset=2');
    const second = await call(alice, 'GET', `${listUrl}?limit=2&offset=2`);
    expect(collectionsSchema.parse(second.json).collections.map((c) => c.id)).toEqual(
      own.slice(2, 4).map((c) => c.id),
    );
    expect((await call(alice, 'GET', '/api/v1/accounts/999999/collections')).status).toBe(404);

    // the curator's block hides their collections from the blocked account
    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/block`);
    expect((await call(carol, 'GET', listUrl)).json).toEqual({ collections: [] });
    expect((await call(carol, 'GET', `/api/v1/collections/${own[0]?.id}`)).status).toBe(403);
    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/unblock`);
  });

  it('lets a featured account revoke its consent and see where it is featured', async () => {
    const collection = await create(alice, { name: 'Revocable', account_ids: [bob.account.id] });
    const inCollections = `/api/v1/accounts/${bob.account.id}/in_collections`;
    const featuredIn = collectionsSchema.parse((await call(bob, 'GET', inCollections)).json).collections;
    expect(featuredIn.map((c) => c.id)).toContain(collection.id);
    expect((await call(alice, 'GET', inCollections)).status).toBe(403);

    const itemId = collection.items[0]?.id;
    const revoke = `/api/v1/collections/${collection.id}/items/${itemId}/revoke`;
    expect((await call(carol, 'POST', revoke)).status).toBe(403);
    expect((await call(bob, 'POST', revoke)).status).toBe(200);
    const shown = collectionWithAccountsSchema.parse(
      (await call(alice, 'GET', `/api/v1/collections/${collection.id}`)).json,
    );
    expect(shown.collection.items).toEqual([]);
    expect(shown.accounts.map((account) => account.id)).toEqual([alice.account.id]);
  });

  it('deletes a collection with its items and the notifications about it', async () => {
    const collection = await create(carol, { name: 'Short-lived', account_ids: [bob.account.id] });
    expect((await notificationsOf(bob)).some((n) => n.collection?.id === collection.id)).toBe(true);
    expect((await call(carol, 'DELETE', `/api/v1/collections/${collection.id}`)).status).toBe(200);
    expect((await call(carol, 'GET', `/api/v1/collections/${collection.id}`)).status).toBe(404);
    expect((await notificationsOf(bob)).some((n) => n.collection?.id === collection.id)).toBe(false);
  });

  it('limits how many collections one person curates', async () => {
    const curator = await createAccount(server, { username: 'curator' });
    for (let index = 0; index < 10; index += 1) await create(curator, { name: `Collection ${index}` });
    expect((await call(curator, 'POST', '/api/v1/collections', { name: 'Eleventh' })).status).toBe(422);
  });
});
