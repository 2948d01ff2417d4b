import { afterAll, beforeAll, expect, it } from 'vitest';
import { relationshipSchema } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { bearer, createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { caller, countOf, multipartBody, pngOf } from './helpers/social.js';

describeEachDialect('account safety, profile and notification policy', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let dave: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    dave = await createAccount(server, { username: 'dave', locked: 1 });
  });
  afterAll(async () => server.close());

  const relationship = async (who: TestAccount, target: TestAccount) =>
    relationshipSchema.parse(
      (
        (await call(who, 'GET', `/api/v1/accounts/relationships?id[]=${target.account.id}`)).json as unknown[]
      )[0],
    );

  it('blocks: ends follows both ways, hides statuses, unblocks; 401 and 404 on bad calls', async () => {
    await follow(server, alice, bob);
    await follow(server, bob, alice);
    expect((await call(null, 'POST', `/api/v1/accounts/${bob.account.id}/block`)).status).toBe(401);
    expect((await call(alice, 'POST', '/api/v1/accounts/999999/block')).status).toBe(404);
    expect((await call(alice, 'POST', `/api/v1/accounts/${alice.account.id}/block`)).status).toBe(422);
    const blocked = await call(alice, 'POST', `/api/v1/accounts/${bob.account.id}/block`);
    expect(blocked.body).toMatchObject({ blocking: true, following: false, followed_by: false });
    const status = await insertStatus(server, alice, { text: 'hidden from bob' });
    expect((await call(bob, 'GET', `/api/v1/statuses/${status.id}`)).status).toBe(404);
    expect((await call(bob, 'POST', `/api/v1/accounts/${alice.account.id}/follow`)).status).toBe(403);
    const blocks = (await call(alice, 'GET', '/api/v1/blocks')).json as { id: string }[];
    expect(blocks.map((account) => account.id)).toEqual([bob.account.id]);
    expect((await call(alice, 'POST', `/api/v1/accounts/${bob.account.id}/unblock`)).body.blocking).toBe(
      false,
    );
  });

  it('mutes with and without notifications, for a duration', async () => {
    const muted = await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/mute`, {
      notifications: false,
      duration: 3600,
    });
    expect(muted.body).toMatchObject({ muting: true, muting_notifications: false });
    expect(
      (await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/mute`, { duration: -1 })).status,
    ).toBe(422);
    const row = await server.db
      .selectFrom('mutes')
      .selectAll()
      .where('account_id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect(Date.parse(row.expires_at ?? '') - Date.now()).toBeGreaterThan(3500_000);
    await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/mute`);
    expect(await relationship(alice, carol)).toMatchObject({ muting: true, muting_notifications: true });
    const before = await countOf(server, 'notifications');
    await call(carol, 'POST', '/api/v1/statuses', { status: '@alice hello' });
    expect(await countOf(server, 'notifications')).toBe(before);
    expect((await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/unmute`)).body.muting).toBe(
      false,
    );
  });

  it('blocks and unblocks domains with validation', async () => {
    expect((await call(alice, 'POST', '/api/v1/domain_blocks', { domain: 'Spam.Example' })).status).toBe(200);
    expect((await call(alice, 'POST', '/api/v1/domain_blocks', { domain: 'not a domain!' })).status).toBe(
      422,
    );
    expect((await call(alice, 'POST', '/api/v1/domain_blocks', {})).status).toBe(422);
    expect((await call(alice, 'GET', '/api/v1/domain_blocks')).json).toEqual(['spam.example']);
    expect((await call(alice, 'DELETE', '/api/v1/domain_blocks?domain=spam.example')).status).toBe(200);
    expect((await call(alice, 'GET', '/api/v1/domain_blocks')).json).toEqual([]);
  });

  it('lists familiar followers and endorsements', async () => {
    await follow(server, alice, carol);
    await follow(server, carol, dave);
    const familiar = (await call(alice, 'GET', `/api/v1/accounts/familiar_followers?id[]=${dave.account.id}`))
      .json;
    expect(familiar).toMatchObject([{ id: dave.account.id, accounts: [{ id: carol.account.id }] }]);
    expect((await call(alice, 'POST', `/api/v1/accounts/${dave.account.id}/pin`)).status).toBe(422);
    expect((await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/pin`)).body.endorsed).toBe(true);
    const endorsed = (await call(null, 'GET', `/api/v1/accounts/${alice.account.id}/endorsements`)).json as {
      id: string;
    }[];
    expect(endorsed.map((account) => account.id)).toEqual([carol.account.id]);
    expect((await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/unpin`)).body.endorsed).toBe(
      false,
    );
  });

  it('features hashtags with a limit and suggestions', async () => {
    await call(alice, 'POST', '/api/v1/statuses', { status: 'about #Gardening and #tea' });
    const suggestions = (await call(alice, 'GET', '/api/v1/featured_tags/suggestions')).json as {
      name: string;
    }[];
    expect(suggestions.map((tag) => tag.name).sort()).toEqual(['gardening', 'tea']);
    const created = await call(alice, 'POST', '/api/v1/featured_tags', { name: '#gardening' });
    expect(created.body).toMatchObject({ name: 'gardening', statuses_count: 1 });
    expect((await call(alice, 'POST', '/api/v1/featured_tags', { name: 'gardening' })).status).toBe(422);
    expect((await call(alice, 'POST', '/api/v1/featured_tags', { name: 'no spaces' })).status).toBe(422);
    expect(
      (await call(null, 'GET', `/api/v1/accounts/${alice.account.id}/featured_tags`)).json,
    ).toMatchObject([{ name: 'gardening' }]);
    expect((await call(bob, 'DELETE', `/api/v1/featured_tags/${created.id}`)).status).toBe(404);
    expect((await call(alice, 'DELETE', `/api/v1/featured_tags/${created.id}`)).status).toBe(200);
  });

  it('updates credentials with avatar and header uploads, refusing non-images', async () => {
    const { body, type } = multipartBody(
      {
        display_name: 'Alice A',
        'fields_attributes[0][name]': 'Site',
        'fields_attributes[0][value]': 'https://a.example',
        locked: 'true',
      },
      {
        avatar: { data: await pngOf(800, 600), filename: 'a.png', type: 'image/png' },
        header: { data: await pngOf(300, 100), filename: 'h.png', type: 'image/png' },
      },
    );
    const response = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { ...bearer(alice), 'content-type': type },
      payload: body,
    });
    expect(response.statusCode, response.body).toBe(200);
    const account = response.json<{
      avatar: string;
      header: string;
      display_name: string;
      locked: boolean;
    }>();
    expect(account).toMatchObject({ display_name: 'Alice A', locked: true });
    expect(account.avatar).toMatch(/\/system\/accounts\/avatars\/.+\.webp$/);
    const served = await server.app.inject({ url: new URL(account.avatar).pathname });
    expect(served.statusCode).toBe(200);
    const bad = multipartBody(
      { display_name: 'Never' },
      { avatar: { data: Buffer.from('not an image'), filename: 'a.png', type: 'image/png' } },
    );
    const refused = await server.app.inject({
      method: 'PATCH',
      url: '/api/v1/accounts/update_credentials',
      headers: { ...bearer(alice), 'content-type': bad.type },
      payload: bad.body,
    });
    expect(refused.statusCode).toBe(422);
    const row = await server.db
      .selectFrom('accounts')
      .select('display_name')
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect(row.display_name).toBe('Alice A');
    expect(
      (await call(alice, 'PATCH', '/api/v1/accounts/update_credentials', { note: 'plain json' })).body,
    ).toMatchObject({ note: '<p>plain json</p>' });
  });

  it('filters notifications by policy into requests that can be accepted or dismissed', async () => {
    const stranger = await createAccount(server, { username: 'stranger' });
    const policy = await call(bob, 'PATCH', '/api/v2/notifications/policy', { for_not_following: 'filter' });
    expect(policy.body).toMatchObject({ for_not_following: 'filter', for_private_mentions: 'filter' });
    expect(
      (await call(bob, 'PATCH', '/api/v2/notifications/policy', { for_not_following: 'maybe' })).status,
    ).toBe(422);
    await call(stranger, 'POST', '/api/v1/statuses', { status: '@bob hi there' });
    expect(((await call(bob, 'GET', '/api/v1/notifications?types[]=mention')).json as unknown[]).length).toBe(
      0,
    );
    const requests = (await call(bob, 'GET', '/api/v1/notifications/requests')).json as { id: string }[];
    expect(requests).toMatchObject([{ id: stranger.account.id, notifications_count: '1' }]);
    expect((await call(bob, 'GET', '/api/v2/notifications/policy')).body.summary).toEqual({
      pending_requests_count: 1,
      pending_notifications_count: 1,
    });
    expect(
      (await call(bob, 'POST', `/api/v1/notifications/requests/${stranger.account.id}/accept`)).status,
    ).toBe(200);
    expect(((await call(bob, 'GET', '/api/v1/notifications?types[]=mention')).json as unknown[]).length).toBe(
      1,
    );
    await call(carol, 'POST', '/api/v1/statuses', { status: '@bob direct hello', visibility: 'direct' });
    expect(
      (await call(bob, 'POST', `/api/v1/notifications/requests/${carol.account.id}/dismiss`)).status,
    ).toBe(200);
    expect((await call(bob, 'GET', '/api/v1/notifications/requests')).json).toEqual([]);

    // accepted once, the stranger's later mentions come straight through; dismissed senders stay filtered
    await call(stranger, 'POST', '/api/v1/statuses', { status: '@bob once more' });
    await call(carol, 'POST', '/api/v1/statuses', { status: '@bob again', visibility: 'direct' });
    expect(((await call(bob, 'GET', '/api/v1/notifications?types[]=mention')).json as unknown[]).length).toBe(
      2,
    );
    expect((await call(bob, 'GET', '/api/v1/notifications/requests')).json).toMatchObject([
      { id: carol.account.id, notifications_count: '1' },
    ]);
    expect((await call(bob, 'POST', '/api/v1/notifications/requests/999/accept')).status).toBe(404);
  });

  it('accepts and dismisses notification requests in bulk', async () => {
    const recipient = await createAccount(server, { username: 'bulkrecipient' });
    const first = await createAccount(server, { username: 'bulk1' });
    const second = await createAccount(server, { username: 'bulk2' });
    const third = await createAccount(server, { username: 'bulk3' });
    await call(recipient, 'PATCH', '/api/v2/notifications/policy', { for_not_following: 'filter' });
    for (const sender of [first, second, third]) {
      await call(sender, 'POST', '/api/v1/statuses', { status: '@bulkrecipient hello' });
    }
    const pending = async () =>
      ((await call(recipient, 'GET', '/api/v1/notifications/requests')).json as { id: string }[])
        .map((request) => request.id)
        .sort();
    expect(await pending()).toEqual([first.account.id, second.account.id, third.account.id].sort());
    const accepted = await call(recipient, 'POST', '/api/v1/notifications/requests/accept', {
      id: [first.account.id, second.account.id, 'not-a-request'],
    });
    expect(accepted.status).toBe(200);
    expect(await pending()).toEqual([third.account.id]);
    expect(
      (await call(recipient, 'POST', '/api/v1/notifications/requests/dismiss', { id: [third.account.id] }))
        .status,
    ).toBe(200);
    expect(await pending()).toEqual([]);
    await call(second, 'POST', '/api/v1/statuses', { status: '@bulkrecipient still welcome' });
    await call(third, 'POST', '/api/v1/statuses', { status: '@bulkrecipient still filtered' });
    expect(await pending()).toEqual([third.account.id]);
    const mentions = (await call(recipient, 'GET', '/api/v1/notifications?types[]=mention')).json as {
      account: { id: string };
    }[];
    expect(mentions.map((note) => note.account.id).filter((id) => id === second.account.id)).toHaveLength(2);
  });

  it('notifies follow and follow_request, authorize makes the follow', async () => {
    await call(bob, 'POST', `/api/v1/accounts/${dave.account.id}/follow`);
    const notes = (await call(dave, 'GET', '/api/v1/notifications')).json as { type: string }[];
    expect(notes[0]?.type).toBe('follow_request');
    expect(
      (await call(dave, 'POST', `/api/v1/follow_requests/${bob.account.id}/authorize`)).body.followed_by,
    ).toBe(true);
    // the answered request's notification goes with it (Mastodon): no Authorize / Reject left to press
    const after = (await call(dave, 'GET', '/api/v1/notifications')).json as { type: string }[];
    expect(after.filter((note) => note.type === 'follow_request')).toHaveLength(0);
    await call(bob, 'PATCH', '/api/v2/notifications/policy', { for_not_following: 'accept' });
    await call(carol, 'POST', `/api/v1/accounts/${bob.account.id}/follow`);
    expect(((await call(bob, 'GET', '/api/v1/notifications?types[]=follow')).json as unknown[]).length).toBe(
      1,
    );
  });
});
