import { afterAll, afterEach, beforeAll, expect, it, vi } from 'vitest';
import { issueToken } from '../src/auth/oauth-service.js';
import { newId } from '../src/lib/ids.js';
import { createAccount, insertStatus, type TestAccount } from './helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { caller } from './helpers/social.js';

const DURING_CAMPAIGN = new Date('2026-12-15T12:00:00Z');
const BEFORE_CAMPAIGN = new Date('2026-11-29T12:00:00Z');

interface Wrapped {
  annual_reports: {
    year: number;
    data: {
      archetype: string;
      time_series: { month: number; statuses: number; followers: number }[];
      top_hashtags: { name: string; count: number }[];
      top_statuses: Record<string, string | null>;
    };
    schema_version: number;
    share_url: string | null;
    account_id: string;
  }[];
  accounts: unknown[];
  statuses: { id: string }[];
}

/** Mastodon's annual reports ("Wrapstodon"), built from the account's year and kept once generated. */
describeEachDialect('annual reports', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let topStatusId: string;

  const at = (iso: string) => ({ created_at: new Date(iso).toISOString() });
  const setNow = (date: Date) => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(date);
  };

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    // alice's 2026: 8 posts of her own (March and July), 3 replies to bob (July), one boost (September)
    for (let day = 1; day <= 5; day += 1)
      await insertStatus(server, alice, {
        ...at(`2026-03-0${day}T10:00:00Z`),
        tags: day <= 2 ? ['Cats'] : [],
      });
    const top = await insertStatus(server, alice, {
      ...at('2026-07-01T10:00:00Z'),
      reblogs_count: 5,
      tags: ['Dogs'],
    });
    topStatusId = top.id;
    await insertStatus(server, alice, {
      ...at('2026-07-02T10:00:00Z'),
      reblogs_count: 9,
      visibility: 'private',
    });
    await insertStatus(server, alice, {
      ...at('2026-07-03T10:00:00Z'),
      reblogs_count: 2,
      visibility: 'unlisted',
    });
    const bobs = await insertStatus(server, bob, { ...at('2026-06-01T10:00:00Z'), tags: ['Solo'] });
    for (let day = 4; day <= 6; day += 1)
      await insertStatus(server, alice, {
        ...at(`2026-07-0${day}T10:00:00Z`),
        in_reply_to_id: bobs.id,
        in_reply_to_account_id: bob.account.id,
      });
    await insertStatus(server, alice, { ...at('2026-09-01T10:00:00Z'), reblog_of_id: bobs.id });
    // not counted: a deleted post, and posts of other years
    await insertStatus(server, alice, {
      ...at('2026-08-01T10:00:00Z'),
      deleted_at: '2026-08-02T00:00:00.000Z',
    });
    await insertStatus(server, alice, { ...at('2025-12-31T23:00:00Z'), reblogs_count: 50 });
    await insertStatus(server, alice, { ...at('2027-01-01T00:30:00Z') });
    await server.db
      .insertInto('follows')
      .values({
        id: newId(),
        account_id: bob.account.id,
        target_account_id: alice.account.id,
        show_reblogs: 1,
        notify: 0,
        created_at: '2026-05-10T09:00:00.000Z',
      })
      .execute();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => server.close());

  const state = async (who: TestAccount, year: number | string) => {
    const response = await call(who, 'GET', `/api/v1/annual_reports/${year}/state`);
    expect(response.status, response.raw.body).toBe(200);
    return (response.json as { state: string }).state;
  };

  it('offers nothing outside the December campaign, and says so in the instance', async () => {
    setNow(BEFORE_CAMPAIGN);
    expect(await state(alice, 2026)).toBe('ineligible');
    const generate = await call(alice, 'POST', '/api/v1/annual_reports/2026/generate');
    expect(generate.status).toBe(200);
    expect(generate.json).toEqual({});
    expect((await call(alice, 'GET', '/api/v1/annual_reports/2026')).status).toBe(404);
    expect((await call(null, 'GET', '/api/v2/instance')).body.wrapstodon).toBeNull();
    setNow(DURING_CAMPAIGN);
    expect((await call(null, 'GET', '/api/v2/instance')).body.wrapstodon).toBe(2026);
  });

  it("generates the report from the account's real year, keeps it, lists it until read", async () => {
    setNow(DURING_CAMPAIGN);
    expect(await state(alice, 2026)).toBe('eligible');
    expect(await state(carol, 2026)).toBe('ineligible');
    expect(await state(alice, 2025)).toBe('ineligible');
    expect((await call(alice, 'GET', '/api/v1/annual_reports')).json).toEqual({
      annual_reports: [],
      accounts: [],
      statuses: [],
    });

    const generate = await call(alice, 'POST', '/api/v1/annual_reports/2026/generate');
    expect(generate.status).toBe(200);
    expect(await state(alice, 2026)).toBe('available');
    // carol is not eligible: asking changes nothing
    await call(carol, 'POST', '/api/v1/annual_reports/2026/generate');
    expect(await state(carol, 2026)).toBe('ineligible');

    const listed = (await call(alice, 'GET', '/api/v1/annual_reports')).json as Wrapped;
    expect(listed.annual_reports).toHaveLength(1);
    const [report] = listed.annual_reports;
    expect(report).toMatchObject({
      year: 2026,
      schema_version: 2,
      share_url: null,
      account_id: alice.account.id,
    });
    const months = Object.fromEntries(report!.data.time_series.map((entry) => [entry.month, entry]));
    expect(report!.data.time_series).toHaveLength(12);
    expect(months[3]).toEqual({ month: 3, statuses: 5, followers: 0 });
    expect(months[5]).toEqual({ month: 5, statuses: 0, followers: 1 });
    expect(months[7]).toEqual({ month: 7, statuses: 6, followers: 0 });
    expect(months[9]).toEqual({ month: 9, statuses: 1, followers: 0 });
    expect(months[8]?.statuses).toBe(0);
    expect(report!.data.top_hashtags).toEqual([{ name: 'Cats', count: 2 }]);
    // the private post's nine boosts do not count; 2025's fifty are another year
    expect(report!.data.top_statuses).toEqual({
      by_reblogs: topStatusId,
      by_replies: null,
      by_favourites: null,
    });
    // 12 posts: far from Mastodon's yearly average of 113
    expect(report!.data.archetype).toBe('lurker');
    expect(listed.statuses.map((status) => status.id)).toEqual([topStatusId]);
    expect(listed.accounts).toEqual([]);

    // kept as generated: a later post does not change it, a second generate neither
    await insertStatus(server, alice, { ...at('2026-12-14T10:00:00Z'), reblogs_count: 100 });
    await call(alice, 'POST', '/api/v1/annual_reports/2026/generate');
    const single = (await call(alice, 'GET', '/api/v1/annual_reports/2026')).json as Wrapped;
    expect(single.annual_reports[0]?.data).toEqual(report!.data);

    const read = await call(alice, 'POST', '/api/v1/annual_reports/2026/read');
    expect(read.status).toBe(200);
    expect(read.json).toEqual({});
    expect(((await call(alice, 'GET', '/api/v1/annual_reports')).json as Wrapped).annual_reports).toEqual([]);
    expect(
      ((await call(alice, 'GET', '/api/v1/annual_reports/2026')).json as Wrapped).annual_reports,
    ).toHaveLength(1);
  });

  it('answers 404 for a report that does not exist, 401 without a token and 403 outside the scopes', async () => {
    setNow(DURING_CAMPAIGN);
    expect((await call(bob, 'GET', '/api/v1/annual_reports/2026')).status).toBe(404);
    expect((await call(bob, 'POST', '/api/v1/annual_reports/2026/read')).status).toBe(404);
    expect((await call(bob, 'GET', '/api/v1/annual_reports/next/state')).status).toBe(404);
    expect((await call(null, 'GET', '/api/v1/annual_reports')).status).toBe(401);
    expect((await call(null, 'GET', '/api/v1/annual_reports/2026/state')).status).toBe(401);
    const reader = await issueToken(server.db, { appId: null, accountId: bob.account.id, scopes: ['read'] });
    const asReader = { account: bob.account, token: reader.token };
    expect((await call(asReader, 'GET', '/api/v1/annual_reports/2026/state')).status).toBe(200);
    expect((await call(asReader, 'POST', '/api/v1/annual_reports/2026/generate')).status).toBe(403);
    expect(await state(bob, 2026)).toBe('eligible');
    // a hashtag used once is not a top hashtag, as in Mastodon
    await call(bob, 'POST', '/api/v1/annual_reports/2026/generate');
    const bobs = (await call(bob, 'GET', '/api/v1/annual_reports/2026')).json as Wrapped;
    expect(bobs.annual_reports[0]?.data.top_hashtags).toEqual([]);
    expect(bobs.annual_reports[0]?.data.top_statuses.by_reblogs).toBeNull();
  });
});
