import { afterAll, beforeAll, expect, it } from 'vitest';
import { groupedNotificationsSchema, notificationSchema, type GroupedNotifications } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

describeEachDialect('grouped notifications (v2)', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let bob: TestAccount;
  let fans: TestAccount[];
  let post: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    bob = await createAccount(server, { username: 'bob' });
    fans = await Promise.all(
      ['ann', 'cat', 'dan', 'eve'].map((username) => createAccount(server, { username })),
    );
    post = (await call(bob, 'POST', '/api/v1/statuses', { status: 'a post worth liking' })).id;
    for (const fan of fans) await call(fan, 'POST', `/api/v1/statuses/${post}/favourite`);
    for (const fan of fans.slice(0, 2)) await call(fan, 'POST', `/api/v1/statuses/${post}/reblog`);
    for (const fan of fans.slice(0, 3)) await call(fan, 'POST', `/api/v1/accounts/${bob.account.id}/follow`);
    await call(fans[3] as TestAccount, 'POST', '/api/v1/statuses', { status: '@bob hello' });
  });
  afterAll(async () => server.close());

  const grouped = async (query = '') => {
    const answer = await call(bob, 'GET', `/api/v2/notifications${query}`);
    expect(answer.status).toBe(200);
    return { ...groupedNotificationsSchema.parse(answer.json), link: String(answer.raw.headers.link ?? '') };
  };
  const summary = (results: GroupedNotifications) =>
    results.notification_groups.map((group) => [group.type, group.notifications_count]);

  it('groups favourites and boosts per status and follows, newest group first, with accounts and statuses once', async () => {
    expect((await call(null, 'GET', '/api/v2/notifications')).status).toBe(401);
    const results = await grouped();
    expect(summary(results)).toEqual([
      ['mention', 1],
      ['follow', 3],
      ['reblog', 2],
      ['favourite', 4],
    ]);
    const favourites = results.notification_groups[3];
    expect(favourites?.group_key).toMatch(new RegExp(`^favourite-${post}-\\d+$`));
    expect(favourites?.status_id).toBe(post);
    expect(favourites?.sample_account_ids).toEqual(fans.map((fan) => fan.account.id).reverse());
    expect(favourites?.page_max_id).toBe(favourites?.most_recent_notification_id);
    expect(Number(favourites?.page_min_id)).toBeLessThan(Number(favourites?.page_max_id));
    const mention = results.notification_groups[0];
    expect(mention?.group_key).toBe(`ungrouped-${mention?.most_recent_notification_id}`);
    expect(new Set(results.accounts.map((account) => account.id))).toEqual(
      new Set(fans.map((fan) => fan.account.id)),
    );
    expect(results.accounts).toHaveLength(4);
    expect(results.statuses.map((status) => status.id)).toContain(post);
    // v1 names the same groups
    const v1 = notificationSchema.array().parse((await call(bob, 'GET', '/api/v1/notifications')).json);
    expect(v1.filter((note) => note.type === 'favourite').map((note) => note.group_key)).toEqual(
      Array(4).fill(favourites?.group_key),
    );
  });

  it('filters by types, exclude_types, account_id and grouped_types; expands accounts partially', async () => {
    expect(summary(await grouped('?types[]=favourite&types[]=follow'))).toEqual([
      ['follow', 3],
      ['favourite', 4],
    ]);
    expect(summary(await grouped('?exclude_types[]=mention&exclude_types[]=follow'))).toEqual([
      ['reblog', 2],
      ['favourite', 4],
    ]);
    expect(summary(await grouped(`?account_id=${fans[0]?.account.id}&types[]=favourite`))).toEqual([
      ['favourite', 1],
    ]);
    expect(summary(await grouped('?grouped_types[]=follow&types[]=favourite&types[]=follow'))).toEqual([
      ['follow', 3],
      ['favourite', 1],
      ['favourite', 1],
      ['favourite', 1],
      ['favourite', 1],
    ]);
    const partial = await grouped('?expand_accounts=partial_avatars&types[]=favourite');
    expect(partial.accounts.map((account) => account.id)).toEqual([fans[3]?.account.id]);
    expect(partial.partial_accounts?.map((account) => account.id)).toEqual(
      fans
        .slice(0, 3)
        .map((fan) => fan.account.id)
        .reverse(),
    );
    expect(partial.partial_accounts?.[0]).toEqual({
      id: fans[2]?.account.id,
      acct: 'dan',
      url: expect.any(String),
      avatar: expect.any(String),
      avatar_static: expect.any(String),
      locked: false,
      bot: false,
    });
    expect((await call(bob, 'GET', '/api/v2/notifications?expand_accounts=nope')).status).toBe(422);
  });

  it('pages by groups with Link headers', async () => {
    const first = await grouped('?limit=2');
    expect(summary(first)).toEqual([
      ['mention', 1],
      ['follow', 3],
    ]);
    const next = /<([^>]+)>; rel="next"/.exec(first.link)?.[1];
    expect(next).toContain('max_id=');
    const second = await grouped(`?${new URL(next ?? 'http://x/').searchParams.toString()}`);
    expect(summary(second)).toEqual([
      ['reblog', 2],
      ['favourite', 4],
    ]);
    const prev = /<([^>]+)>; rel="prev"/.exec(second.link)?.[1];
    const back = await grouped(`?${new URL(prev ?? 'http://x/').searchParams.toString()}`);
    expect(summary(back)).toEqual([
      ['mention', 1],
      ['follow', 3],
    ]);
    const last = await grouped(`?limit=2&max_id=${second.notification_groups[1]?.page_min_id}`);
    expect(last.notification_groups).toEqual([]);
  });

  it('reads one group, its accounts, the unread count of groups, and dismisses a group', async () => {
    const { notification_groups: groups } = await grouped();
    const follows = groups.find((group) => group.type === 'follow');
    const key = encodeURIComponent(follows?.group_key ?? '');
    const one = groupedNotificationsSchema.parse(
      (await call(bob, 'GET', `/api/v2/notifications/${key}`)).json,
    );
    expect(one.notification_groups).toMatchObject([
      { group_key: follows?.group_key, notifications_count: 3 },
    ]);
    const accounts = (await call(bob, 'GET', `/api/v2/notifications/${key}/accounts`)).json as {
      id: string;
    }[];
    expect(accounts.map((account) => account.id)).toEqual(
      fans
        .slice(0, 3)
        .map((fan) => fan.account.id)
        .reverse(),
    );

    // another account's view of the same key is empty: 404, and dismissing it touches nothing of bob's
    const ann = fans[0] as TestAccount;
    expect((await call(ann, 'GET', `/api/v2/notifications/${key}`)).status).toBe(404);
    expect((await call(ann, 'POST', `/api/v2/notifications/${key}/dismiss`)).status).toBe(404);
    expect((await call(bob, 'GET', '/api/v2/notifications/not-a-key')).status).toBe(404);
    expect((await call(bob, 'GET', '/api/v2/notifications/unread_count')).json).toEqual({ count: 4 });
    expect((await call(bob, 'GET', '/api/v2/notifications/unread_count?limit=2')).json).toEqual({ count: 2 });
    expect((await call(bob, 'GET', '/api/v1/notifications/unread_count')).json).toEqual({ count: 10 });

    expect((await call(bob, 'POST', `/api/v2/notifications/${key}/dismiss`)).status).toBe(200);
    expect((await call(bob, 'GET', `/api/v2/notifications/${key}`)).status).toBe(404);
    expect(summary(await grouped())).toEqual([
      ['mention', 1],
      ['reblog', 2],
      ['favourite', 4],
    ]);
    const mention = groups[0]?.group_key ?? '';
    expect((await call(bob, 'POST', `/api/v2/notifications/${mention}/dismiss`)).status).toBe(200);
    expect((await call(bob, 'GET', '/api/v2/notifications/unread_count')).json).toEqual({ count: 2 });
  });
});
