import { afterAll, beforeAll, expect, it } from 'vitest';
import { statusSchema, type Status } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller, countOf } from './helpers/social.js';

const NOT_FOUND = 'The post you are trying to quote does not appear to exist.';

describeEachDialect('quote posts (Mastodon 4.5)', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, bob, alice);
  });
  afterAll(async () => server.close());

  const post = async (who: TestAccount, payload: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/api/v1/statuses', payload);
    expect(response.status, response.raw.body).toBe(200);
    return statusSchema.parse(response.json);
  };
  const show = async (who: TestAccount | null, id: string) =>
    statusSchema.parse((await call(who, 'GET', `/api/v1/statuses/${id}`)).json);
  const notificationsOf = async (who: TestAccount) =>
    (await call(who, 'GET', '/api/v1/notifications')).json as { type: string; status?: Status }[];
  const quoteOf = (status: Status) => status.quote as { state: string; quoted_status: Status | null };

  it('quotes a public post: the quote carries the post, counts, and notifies its author', async () => {
    const original = await post(alice, { status: 'original thought', quote_approval_policy: 'public' });
    expect(original.quote_approval).toEqual({ automatic: ['public'], manual: [], current_user: 'automatic' });
    expect(original.quotes_count).toBe(0);
    expect(original.quote).toBeNull();

    const quoting = await post(bob, { status: 'so true', quoted_status_id: original.id });
    expect(quoteOf(quoting).state).toBe('accepted');
    expect(quoteOf(quoting).quoted_status?.id).toBe(original.id);
    expect(quoteOf(quoting).quoted_status?.content).toContain('original thought');

    expect((await show(alice, original.id)).quotes_count).toBe(1);
    expect((await show(carol, original.id)).quote_approval?.current_user).toBe('automatic');
    const notifications = await notificationsOf(alice);
    expect(notifications[0]?.type).toBe('quote');
    expect(notifications[0]?.status?.id).toBe(quoting.id);

    // a quote of a quote shows the inner quote as a ShallowQuote
    const nested = await post(carol, { status: 'quoting the quote', quoted_status_id: quoting.id });
    expect(quoteOf(nested).quoted_status?.quote).toEqual({
      state: 'accepted',
      quoted_status_id: original.id,
    });
  });

  it('refuses quotes that the policy, the visibility or a block denies, with Mastodon 404, writing nothing', async () => {
    const nobody = await post(alice, { status: 'no quotes please', quote_approval_policy: 'nobody' });
    const followersOnly = await post(alice, {
      status: 'followers may quote',
      quote_approval_policy: 'followers',
    });
    const privatePost = await post(alice, { status: 'private', visibility: 'private' });
    const direct = await post(alice, { status: '@bob secret', visibility: 'direct' });
    expect(privatePost.quote_approval?.automatic).toEqual([]);
    expect((await show(bob, nobody.id)).quote_approval?.current_user).toBe('denied');
    expect((await show(bob, followersOnly.id)).quote_approval?.current_user).toBe('automatic');
    expect((await show(carol, followersOnly.id)).quote_approval?.current_user).toBe('denied');

    const before = await countOf(server, 'statuses');
    for (const [who, id] of [
      [bob, nobody.id],
      [carol, followersOnly.id],
      [bob, privatePost.id],
      [bob, direct.id],
      [carol, privatePost.id],
      [bob, '999999999'],
    ] as const) {
      const response = await call(who, 'POST', '/api/v1/statuses', { status: 'q', quoted_status_id: id });
      expect(response.status).toBe(404);
      expect(response.body.error).toBe(NOT_FOUND);
    }
    const bad = await call(bob, 'POST', '/api/v1/statuses', {
      status: 'q',
      quote_approval_policy: 'everyone',
    });
    expect(bad.status).toBe(422);
    expect(typeof bad.body.error).toBe('string');

    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/block`);
    const blocked = await post(alice, { status: 'public but blocked' });
    const refused = await call(carol, 'POST', '/api/v1/statuses', {
      status: 'q',
      quoted_status_id: blocked.id,
    });
    expect(refused.status).toBe(404);
    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/unblock`);
    expect(await countOf(server, 'statuses')).toBe(before + 1);

    // the author may quote their own private post; the quote becomes private
    const own = await post(alice, {
      status: 'me again',
      quoted_status_id: privatePost.id,
      visibility: 'public',
    });
    expect(own.visibility).toBe('private');
    expect(own.quote_approval?.automatic).toEqual([]);
    // a followers-only quote is shown only to those allowed: carol (not a follower) sees it as unauthorized
    const shared = await post(bob, { status: 'sharing', quoted_status_id: followersOnly.id });
    expect(quoteOf(await show(carol, shared.id))).toEqual({
      state: 'accepted',
      quoted_status: expect.any(Object),
    });
    const followersQuote = await post(alice, { status: 'for followers', visibility: 'private' });
    const aliceQuotes = await post(alice, {
      status: 'own quote',
      quoted_status_id: followersQuote.id,
      visibility: 'direct',
    });
    expect(aliceQuotes.visibility).toBe('direct');
  });

  it('shows a deleted quoted post as deleted, and a post the viewer may not see as unauthorized', async () => {
    const original = await post(alice, { status: 'soon gone' });
    const quoting = await post(bob, { status: 'look', quoted_status_id: original.id });
    const hidden = await post(alice, { status: 'followers only', visibility: 'private' });
    // bob follows alice and may see the private post; the quote is private and shown to alice and bob only
    expect(
      (await call(bob, 'POST', '/api/v1/statuses', { status: 'x', quoted_status_id: hidden.id })).status,
    ).toBe(404);
    await call(alice, 'DELETE', `/api/v1/statuses/${original.id}`);
    expect(quoteOf(await show(carol, quoting.id))).toEqual({ state: 'deleted', quoted_status: null });
  });

  it('lists the quotes of a post to any signed-in viewer (Mastodon 4.5), paginated, and revokes one', async () => {
    const original = await post(alice, { status: 'quote me' });
    const first = await post(bob, { status: 'one', quoted_status_id: original.id });
    const second = await post(carol, { status: 'two', quoted_status_id: original.id });
    const idsSeenBy = async (who: TestAccount) => {
      const response = await call(who, 'GET', `/api/v1/statuses/${original.id}/quotes`);
      expect(response.status, response.raw.body).toBe(200);
      return (response.json as Status[]).map((status) => status.id);
    };
    expect((await call(null, 'GET', `/api/v1/statuses/${original.id}/quotes`)).status).toBe(401);
    expect(await idsSeenBy(bob)).toEqual([second.id, first.id]);
    expect(await idsSeenBy(carol)).toEqual([second.id, first.id]);
    // a quote the viewer may not read (followers-only, not a follower) or whose author they muted is left out
    const hidden = await post(bob, { status: 'three', quoted_status_id: original.id, visibility: 'private' });
    expect(await idsSeenBy(carol)).toEqual([second.id, first.id]);
    expect(await idsSeenBy(bob)).toEqual([hidden.id, second.id, first.id]);
    expect((await call(carol, 'POST', `/api/v1/accounts/${bob.account.id}/mute`)).status).toBe(200);
    expect(await idsSeenBy(carol)).toEqual([second.id]);
    expect((await call(carol, 'POST', `/api/v1/accounts/${bob.account.id}/unmute`)).status).toBe(200);
    await call(bob, 'DELETE', `/api/v1/statuses/${hidden.id}`);
    const page = await call(alice, 'GET', `/api/v1/statuses/${original.id}/quotes?limit=1`);
    expect(page.status).toBe(200);
    expect((page.json as Status[]).map((status) => status.id)).toEqual([second.id]);
    const next = /<([^>]+)>; rel="next"/.exec(String(page.raw.headers.link))?.[1];
    expect(next).toBeTruthy();
    const rest = await call(alice, 'GET', new URL(next!).pathname + new URL(next!).search);
    expect((rest.json as Status[]).map((status) => status.id)).toEqual([first.id]);

    expect(
      (await call(bob, 'POST', `/api/v1/statuses/${original.id}/quotes/${first.id}/revoke`)).status,
    ).toBe(404);
    const revoked = await call(alice, 'POST', `/api/v1/statuses/${original.id}/quotes/${first.id}/revoke`);
    expect(revoked.status).toBe(200);
    expect(quoteOf(statusSchema.parse(revoked.json))).toEqual({ state: 'revoked', quoted_status: null });
    expect((await show(alice, original.id)).quotes_count).toBe(1);
    const listed = await call(alice, 'GET', `/api/v1/statuses/${original.id}/quotes`);
    expect((listed.json as Status[]).map((status) => status.id)).toEqual([second.id]);
  });

  it('changes the quote policy through interaction_policy, and keeps, changes or removes the quote on edits', async () => {
    const original = await post(alice, { status: 'policy test' });
    const changed = await call(alice, 'PUT', `/api/v1/statuses/${original.id}/interaction_policy`, {
      quote_approval_policy: 'nobody',
    });
    expect(changed.status).toBe(200);
    expect(statusSchema.parse(changed.json).quote_approval?.automatic).toEqual([]);
    expect(
      (
        await call(bob, 'PUT', `/api/v1/statuses/${original.id}/interaction_policy`, {
          quote_approval_policy: 'public',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await call(alice, 'PUT', `/api/v1/statuses/${original.id}/interaction_policy`, {
          quote_approval_policy: 'all',
        })
      ).status,
    ).toBe(422);
    expect(
      (await call(bob, 'POST', '/api/v1/statuses', { status: 'q', quoted_status_id: original.id })).status,
    ).toBe(404);
    await call(alice, 'PUT', `/api/v1/statuses/${original.id}/interaction_policy`, {
      quote_approval_policy: 'public',
    });

    const other = await post(alice, { status: 'another one' });
    const quoting = await post(bob, { status: 'v1', quoted_status_id: original.id });
    const kept = statusSchema.parse(
      (await call(bob, 'PUT', `/api/v1/statuses/${quoting.id}`, { status: 'v2' })).json,
    );
    expect(quoteOf(kept).quoted_status?.id).toBe(original.id);
    const moved = statusSchema.parse(
      (await call(bob, 'PUT', `/api/v1/statuses/${quoting.id}`, { status: 'v3', quoted_status_id: other.id }))
        .json,
    );
    expect(quoteOf(moved).quoted_status?.id).toBe(other.id);
    expect((await show(alice, original.id)).quotes_count).toBe(0);
    const removed = statusSchema.parse(
      (await call(bob, 'PUT', `/api/v1/statuses/${quoting.id}`, { status: 'v4', quoted_status_id: null }))
        .json,
    );
    expect(removed.quote).toBeNull();
    expect((await show(alice, other.id)).quotes_count).toBe(0);
  });

  it('notifies quoters when a post they quoted is edited (quoted_update)', async () => {
    const original = await post(alice, { status: 'before' });
    await post(bob, { status: 'quoting', quoted_status_id: original.id });
    await call(alice, 'PUT', `/api/v1/statuses/${original.id}`, { status: 'after' });
    const notifications = await notificationsOf(bob);
    expect(notifications[0]?.type).toBe('quoted_update');
    expect(notifications[0]?.status?.id).toBe(original.id);
  });
});
