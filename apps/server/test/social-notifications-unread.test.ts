import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

describeEachDialect('unread notifications count', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let giveawayFilter: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    const filter = async (context: string[], action: string, keyword: string) => {
      const created = await call(bob, 'POST', '/api/v2/filters', {
        title: keyword,
        context,
        filter_action: action,
        keywords_attributes: [{ keyword, whole_word: true }],
      });
      expect(created.status).toBe(200);
      return created.id;
    };
    giveawayFilter = await filter(['notifications'], 'hide', 'giveaway');
    await filter(['notifications'], 'warn', 'contest');
    await filter(['home', 'public'], 'hide', 'eclipse');
  });
  afterAll(async () => server.close());

  const unread = async (who: TestAccount, query = '') => {
    const response = await call(who, 'GET', `/api/v1/notifications/unread_count${query}`);
    expect(response.status, response.raw.body).toBe(200);
    return response.body.count;
  };
  const listed = async (who: TestAccount) =>
    (await call(who, 'GET', '/api/v1/notifications')).json as { id: string }[];
  const mention = async (text: string) => {
    const response = await call(alice, 'POST', '/api/v1/statuses', { status: `@bob ${text}` });
    expect(response.status).toBe(200);
  };

  it('counts what the notification list shows: hide filters for notifications drop, others do not', async () => {
    await call(carol, 'POST', `/api/v1/accounts/${bob.account.id}/follow`);
    await mention('a contest for you');
    await mention('the eclipse tonight');
    await mention('win my giveaway');
    await mention('another giveaway');
    expect(await listed(bob)).toHaveLength(3);
    expect(await unread(bob)).toBe(3);
    // the two newest are hidden: a count capped at 2 reads past them
    expect(await unread(bob, '?limit=2')).toBe(2);
    expect(await unread(bob, '?limit=1')).toBe(1);
    // the filter is the viewer's: the author's own count does not change
    expect(await unread(alice)).toBe(0);
  });

  it('counts from the notifications marker, and counts hidden ones again once the filter is gone', async () => {
    const [newest] = await listed(bob);
    const marked = await call(bob, 'POST', '/api/v1/markers', {
      notifications: { last_read_id: newest?.id },
    });
    expect(marked.status).toBe(200);
    await mention('yet another giveaway');
    expect(await unread(bob)).toBe(0);
    await mention('hello there');
    expect(await unread(bob)).toBe(1);
    expect((await call(bob, 'DELETE', `/api/v2/filters/${giveawayFilter}`)).status).toBe(200);
    // the marker sits at the newest shown one: the three giveaways after it count now, with 'hello there'
    expect(await unread(bob)).toBe(4);
  });

  it('refuses a bad limit and anonymous callers', async () => {
    for (const query of ['?limit=0', '?limit=1001', '?limit=many']) {
      expect((await call(bob, 'GET', `/api/v1/notifications/unread_count${query}`)).status, query).toBe(422);
    }
    expect((await call(null, 'GET', '/api/v1/notifications/unread_count')).status).toBe(401);
  });
});
