import { afterAll, beforeAll, expect, it } from 'vitest';
import { relationshipSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, type TestAccount } from './helpers/factories.js';

describeEachDialect('follows, follow requests and relationships', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let locked: TestAccount;

  const counts = async (who: TestAccount) =>
    server.db
      .selectFrom('accounts')
      .select(['followers_count', 'following_count'])
      .where('id', '=', who.account.id)
      .executeTakeFirstOrThrow();
  const post = (who: TestAccount, url: string, payload?: object) =>
    server.app.inject({ method: 'POST', url, headers: bearer(who), ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    locked = await createAccount(server, { username: 'locked', locked: 1 });
  });
  afterAll(async () => server.close());

  it('follows idempotently, keeps counters and notifies the target', async () => {
    const first = await post(alice, `/api/v1/accounts/${bob.account.id}/follow`);
    expect(first.statusCode).toBe(200);
    expect(relationshipSchema.parse(first.json())).toMatchObject({
      id: bob.account.id,
      following: true,
      showing_reblogs: true,
      requested: false,
    });
    const again = await post(alice, `/api/v1/accounts/${bob.account.id}/follow`, {
      reblogs: false,
      notify: true,
    });
    expect(again.json()).toMatchObject({ following: true, showing_reblogs: false, notifying: true });
    expect(await counts(alice)).toMatchObject({ following_count: 1, followers_count: 0 });
    expect(await counts(bob)).toMatchObject({ following_count: 0, followers_count: 1 });

    const notifications = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notifications',
      headers: bearer(bob),
    });
    expect(notifications.json()).toHaveLength(1);
    expect(notifications.json()[0]).toMatchObject({ type: 'follow', account: { id: alice.account.id } });

    const followers = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${bob.account.id}/followers`,
    });
    expect(followers.json().map((a: { id: string }) => a.id)).toEqual([alice.account.id]);
    const following = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/${alice.account.id}/following`,
    });
    expect(following.json().map((a: { id: string }) => a.id)).toEqual([bob.account.id]);
  });

  it('reports relationships in both directions', async () => {
    const response = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/relationships?id[]=${alice.account.id}&id[]=${locked.account.id}`,
      headers: bearer(bob),
    });
    expect(response.statusCode).toBe(200);
    const [withAlice, withLocked] = response.json();
    expect(withAlice).toMatchObject({
      id: alice.account.id,
      following: false,
      followed_by: true,
      blocking: false,
    });
    expect(withLocked).toMatchObject({ id: locked.account.id, following: false, followed_by: false });
    const single = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/relationships?id=${bob.account.id}`,
      headers: bearer(alice),
    });
    expect(single.json()).toEqual([expect.objectContaining({ id: bob.account.id, following: true })]);
  });

  it('unfollows idempotently with counters back to zero', async () => {
    for (let i = 0; i < 2; i += 1) {
      const response = await post(alice, `/api/v1/accounts/${bob.account.id}/unfollow`);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toMatchObject({ following: false });
    }
    expect(await counts(alice)).toMatchObject({ following_count: 0 });
    expect(await counts(bob)).toMatchObject({ followers_count: 0 });
  });

  it('turns a follow of a locked account into a request that can be authorized or rejected', async () => {
    const asked = await post(alice, `/api/v1/accounts/${locked.account.id}/follow`);
    expect(asked.json()).toMatchObject({ following: false, requested: true });
    expect(await counts(locked)).toMatchObject({ followers_count: 0 });

    const requests = await server.app.inject({
      method: 'GET',
      url: '/api/v1/follow_requests',
      headers: bearer(locked),
    });
    expect(requests.json().map((a: { id: string }) => a.id)).toEqual([alice.account.id]);
    const credentials = await server.app.inject({
      method: 'GET',
      url: '/api/v1/accounts/verify_credentials',
      headers: bearer(locked),
    });
    expect(credentials.json().source.follow_requests_count).toBe(1);

    const authorized = await post(locked, `/api/v1/follow_requests/${alice.account.id}/authorize`);
    expect(authorized.json()).toMatchObject({ id: alice.account.id, followed_by: true, requested_by: false });
    expect(await counts(locked)).toMatchObject({ followers_count: 1 });
    expect((await post(locked, `/api/v1/follow_requests/${alice.account.id}/authorize`)).statusCode).toBe(
      404,
    );

    await post(bob, `/api/v1/accounts/${locked.account.id}/follow`);
    const rejected = await post(locked, `/api/v1/follow_requests/${bob.account.id}/reject`);
    expect(rejected.json()).toMatchObject({ followed_by: false, requested_by: false });
    const relation = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/relationships?id[]=${locked.account.id}`,
      headers: bearer(bob),
    });
    expect(relation.json()[0]).toMatchObject({ following: false, requested: false });

    // a rejected or withdrawn request leaves no follow_request notification behind
    await post(bob, `/api/v1/accounts/${locked.account.id}/follow`);
    await post(bob, `/api/v1/accounts/${locked.account.id}/unfollow`);
    const notifications = await server.app.inject({
      method: 'GET',
      url: '/api/v1/notifications?types[]=follow_request',
      headers: bearer(locked),
    });
    expect(notifications.json()).toEqual([]);
  });

  it('refuses following yourself, unknown accounts and blocked pairs', async () => {
    const self = await post(alice, `/api/v1/accounts/${alice.account.id}/follow`);
    expect(self.statusCode).toBe(422);
    expect(self.json()).toMatchObject({ error: 'You cannot follow yourself' });
    expect((await post(alice, '/api/v1/accounts/123/follow')).statusCode).toBe(404);

    await server.db
      .insertInto('blocks')
      .values({
        id: '000000000000000001',
        account_id: bob.account.id,
        target_account_id: alice.account.id,
        created_at: new Date().toISOString(),
      })
      .execute();
    const blocked = await post(alice, `/api/v1/accounts/${bob.account.id}/follow`);
    expect(blocked.statusCode).toBe(403);
    const follows = await server.db
      .selectFrom('follows')
      .select('id')
      .where('account_id', '=', alice.account.id)
      .where('target_account_id', '=', bob.account.id)
      .execute();
    expect(follows).toEqual([]);
    const relation = await server.app.inject({
      method: 'GET',
      url: `/api/v1/accounts/relationships?id[]=${bob.account.id}`,
      headers: bearer(alice),
    });
    expect(relation.json()[0]).toMatchObject({ blocked_by: true, blocking: false });
    const blocks = await server.app.inject({ method: 'GET', url: '/api/v1/blocks', headers: bearer(bob) });
    expect(blocks.json().map((a: { id: string }) => a.id)).toEqual([alice.account.id]);
  });

  it('requires a signed-in user for follow, relationships and follow requests', async () => {
    for (const [method, url] of [
      ['POST', `/api/v1/accounts/${bob.account.id}/follow`],
      ['POST', `/api/v1/accounts/${bob.account.id}/unfollow`],
      ['GET', `/api/v1/accounts/relationships?id[]=${bob.account.id}`],
      ['GET', '/api/v1/follow_requests'],
      ['GET', '/api/v1/blocks'],
      ['GET', '/api/v1/mutes'],
      ['GET', '/api/v1/domain_blocks'],
    ] as const) {
      const response = await server.app.inject({ method, url });
      expect(response.statusCode, url).toBe(401);
      expect(response.json()).toHaveProperty('error');
    }
  });
});
