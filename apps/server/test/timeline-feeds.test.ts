import { afterAll, beforeAll, expect, it } from 'vitest';
import type { StatusesTable } from '../src/db/schema.js';
import { dropFeed, fanOutToFeeds, FEED_SIZE, homeFeed, REBLOG_FALLOFF } from '../src/timelines/feeds.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, statusRow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';

interface Listed {
  id: string;
}

describeEachDialect('home and list feeds materialized at write time', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
  });
  afterAll(async () => server.close());

  const post = async (who: TestAccount, body: Record<string, unknown>) => {
    const response = await call(who, 'POST', '/api/v1/statuses', body);
    expect(response.status, response.raw.body).toBe(200);
    return response.id;
  };
  const page = async (who: TestAccount, url: string) => {
    const response = await call(who, 'GET', url);
    expect(response.status, response.raw.body).toBe(200);
    return {
      ids: (response.json as Listed[]).map((entry) => entry.id),
      link: String(response.raw.headers.link ?? ''),
    };
  };
  const home = async (who: TestAccount) => (await page(who, '/api/v1/timelines/home?limit=40')).ids;
  const feedIds = async (who: TestAccount) =>
    (
      await server.db
        .selectFrom('feed_entries')
        .select('status_id')
        .where('kind', '=', 'home')
        .where('owner_id', '=', who.account.id)
        .orderBy('status_id', 'desc')
        .execute()
    ).map((row) => row.status_id);

  /** Every page of home, following the Link header's next (older) or prev (newer) links. */
  async function walk(who: TestAccount, direction: 'next' | 'prev', start: string): Promise<string[]> {
    const seen: string[] = [];
    let url: string | null = start;
    while (url) {
      const { ids, link } = await page(who, url);
      if (ids.length === 0) break;
      seen.push(...(direction === 'next' ? ids : [...ids].reverse()));
      const match = new RegExp(`<([^>]+)>; rel="${direction}"`).exec(link);
      url = match?.[1] ? new URL(match[1]).pathname + new URL(match[1]).search : null;
    }
    return seen;
  }

  /** One account per role, named prefix + role, in the order given. */
  const accounts = async <const Roles extends readonly string[]>(
    prefix: string,
    roles: Roles,
  ): Promise<{ [Index in keyof Roles]: TestAccount }> =>
    (await Promise.all(roles.map((role) => createAccount(server, { username: `${prefix}${role}` })))) as {
      [Index in keyof Roles]: TestAccount;
    };

  /** `count` public statuses by `author`, oldest first, written straight into statuses (no fan-out). */
  async function seedStatuses(author: TestAccount, count: number): Promise<string[]> {
    const rows: StatusesTable[] = [];
    for (let index = 0; index < count; index += 1) {
      rows.push(statusRow(author, { text: `seeded ${index}` }));
    }
    for (let start = 0; start < rows.length; start += 100) {
      await server.db
        .insertInto('statuses')
        .values(rows.slice(start, start + 100))
        .execute();
    }
    return rows.map((row) => row.id);
  }

  it('builds the feed on the first read, then fans new posts, boosts and deletions into it', async () => {
    const reader = await createAccount(server, { username: 'fanreader' });
    const writer = await createAccount(server, { username: 'fanwriter' });
    await follow(server, reader, writer);
    const before = await post(writer, { status: 'before the feed' });
    expect(await feedIds(reader)).toEqual([]);
    expect(await home(reader)).toEqual([before]);
    expect(await feedIds(reader)).toEqual([before]);

    const after = await post(writer, { status: 'after' });
    expect(await feedIds(reader)).toContain(after);
    const own = await post(reader, { status: 'mine' });
    const elsewhere = await post(await createAccount(server, { username: 'fanstranger' }), { status: 'far' });
    const boost = (await call(writer, 'POST', `/api/v1/statuses/${elsewhere}/reblog`)).id;
    expect(await home(reader)).toEqual([boost, own, after, before]);
    expect(await call(writer, 'DELETE', `/api/v1/statuses/${after}`).then((r) => r.status)).toBe(200);
    expect(await feedIds(reader)).not.toContain(after);
    expect(await home(reader)).toEqual([boost, own, before]);
  });

  it('keeps a boost out of a feed whose REBLOG_FALLOFF newest entries hold its status or a boost of it', async () => {
    const [reader, writer, booster, other, stranger] = await accounts('boost', [
      'reader',
      'writer',
      'booster',
      'other',
      'stranger',
    ]);
    for (const account of [writer, booster, other]) await follow(server, reader, account);
    const original = await post(writer, { status: 'seen a moment ago' });
    const unseen = await post(stranger, { status: 'not followed' });
    await home(reader);
    const boostOfSeen = (await call(booster, 'POST', `/api/v1/statuses/${original}/reblog`)).id;
    const firstBoost = (await call(booster, 'POST', `/api/v1/statuses/${unseen}/reblog`)).id;
    const secondBoost = (await call(other, 'POST', `/api/v1/statuses/${unseen}/reblog`)).id;
    const entries = await feedIds(reader);
    expect(entries).toContain(firstBoost);
    expect(entries).not.toContain(boostOfSeen);
    expect(entries).not.toContain(secondBoost);

    // once REBLOG_FALLOFF newer entries came in, a boost enters again
    for (const id of await seedStatuses(writer, REBLOG_FALLOFF)) {
      const status = await server.db
        .selectFrom('statuses')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await fanOutToFeeds(server.db, status);
    }
    const lateBoost = (await call(other, 'POST', `/api/v1/statuses/${original}/reblog`)).id;
    expect(await feedIds(reader)).toContain(lateBoost);
  });

  it('streams a boost only to the home and list feeds it entered', async () => {
    const [reader, writer, booster, stranger] = await accounts('streamed', [
      'reader',
      'writer',
      'booster',
      'stranger',
    ]);
    for (const account of [writer, booster]) await follow(server, reader, account);
    const created = await call(reader, 'POST', '/api/v1/lists', { title: 'boosters' });
    const listId = String((created.json as Listed).id);
    await call(reader, 'POST', `/api/v1/lists/${listId}/accounts`, {
      account_ids: [booster.account.id, writer.account.id],
    });
    const original = await post(writer, { status: 'already in home' });
    const unseen = await post(stranger, { status: 'not followed' });
    await home(reader);
    await page(reader, `/api/v1/timelines/list/${listId}`);
    await call(booster, 'POST', `/api/v1/statuses/${unseen}/reblog`);
    await page(reader, `/api/v1/timelines/list/${listId}`);

    const updates = (channel: string) => {
      const ids: string[] = [];
      const stop = server.ctx.bus.subscribe(channel, ({ event, payload }) => {
        if (event === 'update') ids.push((JSON.parse(payload) as Listed).id);
      });
      return { ids, stop };
    };
    const readerHome = updates(`user:${reader.account.id}`);
    const readerList = updates(`list:${listId}`);
    const boosterHome = updates(`user:${booster.account.id}`);
    const boostOfSeen = (await call(booster, 'POST', `/api/v1/statuses/${original}/reblog`)).id;
    const secondBoost = (await call(writer, 'POST', `/api/v1/statuses/${unseen}/reblog`)).id;
    const freshPost = await post(booster, { status: 'new' });
    // the booster's own home always shows what they do: once both arrived there, the reader's streams had theirs
    await expect.poll(() => boosterHome.ids).toEqual(expect.arrayContaining([boostOfSeen, freshPost]));
    await expect.poll(() => readerHome.ids).toContain(freshPost);
    await expect.poll(() => readerList.ids).toContain(freshPost);
    expect(readerHome.ids).not.toContain(boostOfSeen);
    expect(readerHome.ids).not.toContain(secondBoost);
    expect(readerList.ids).not.toContain(boostOfSeen);
    expect(readerList.ids).not.toContain(secondBoost);
    for (const stream of [readerHome, readerList, boosterHome]) stream.stop();
  });

  it('drops a list’s feed with the list', async () => {
    const owner = await createAccount(server, { username: 'listowner' });
    const member = await createAccount(server, { username: 'listmember' });
    await follow(server, owner, member);
    const created = await call(owner, 'POST', '/api/v1/lists', { title: 'to delete' });
    const listId = String((created.json as Listed).id);
    await call(owner, 'POST', `/api/v1/lists/${listId}/accounts`, { account_ids: [member.account.id] });
    const listed = await post(member, { status: 'in the list' });
    expect((await page(owner, `/api/v1/timelines/list/${listId}`)).ids).toEqual([listed]);
    const listFeedRows = () =>
      server.db
        .selectFrom('feed_entries')
        .select('status_id')
        .where('kind', '=', 'list')
        .where('owner_id', '=', listId)
        .execute();
    expect(await listFeedRows()).toHaveLength(1);
    expect((await call(owner, 'DELETE', `/api/v1/lists/${listId}`)).status).toBe(200);
    expect(await listFeedRows()).toEqual([]);
    const feeds = await server.db
      .selectFrom('feeds')
      .select('kind')
      .where('kind', '=', 'list')
      .where('owner_id', '=', listId)
      .execute();
    expect(feeds).toEqual([]);
  });

  it('merges a followed account’s recent posts into home and takes them out on unfollow', async () => {
    const reader = await createAccount(server, { username: 'mergereader' });
    const newcomer = await createAccount(server, { username: 'newcomer' });
    const earlier = await post(newcomer, { status: 'posted before the follow' });
    const mine = await post(reader, { status: 'own' });
    expect(await home(reader)).toEqual([mine]);
    expect((await call(reader, 'POST', `/api/v1/accounts/${newcomer.account.id}/follow`)).status).toBe(200);
    expect(await feedIds(reader)).toContain(earlier);
    expect(await home(reader)).toEqual([mine, earlier]);
    expect((await call(reader, 'POST', `/api/v1/accounts/${newcomer.account.id}/unfollow`)).status).toBe(200);
    expect(await feedIds(reader)).not.toContain(earlier);
    expect(await home(reader)).toEqual([mine]);
  });

  it('shows followed hashtags’ earlier posts once the hashtag is followed', async () => {
    const reader = await createAccount(server, { username: 'tagreader' });
    const stranger = await createAccount(server, { username: 'tagstranger' });
    const tagged = await post(stranger, { status: 'about #feedtest' });
    expect(await home(reader)).toEqual([]);
    expect((await call(reader, 'POST', '/api/v1/tags/feedtest/follow')).status).toBe(200);
    expect(await home(reader)).toEqual([tagged]);
    const later = await post(stranger, { status: 'more #feedtest' });
    expect(await feedIds(reader)).toContain(later);
    expect(await home(reader)).toEqual([later, tagged]);
  });

  it('shows the same home, page by page, as a feed built from scratch (replies, boosts, lists, mutes)', async () => {
    const reader = await createAccount(server, { username: 'rulesreader' });
    const friend = await createAccount(server, { username: 'rulesfriend' });
    const booster = await createAccount(server, { username: 'rulesbooster' });
    const outsider = await createAccount(server, { username: 'rulesoutsider' });
    const muted = await createAccount(server, { username: 'rulesmuted' });
    await follow(server, reader, friend);
    await follow(server, reader, booster);
    await follow(server, reader, muted);
    await home(reader);
    await call(reader, 'POST', `/api/v1/accounts/${booster.account.id}/follow`, { reblogs: false });
    await call(reader, 'POST', `/api/v1/accounts/${muted.account.id}/mute`);
    const outsiderPost = await post(outsider, { status: 'outside' });
    await post(friend, { status: 'to the outsider', in_reply_to_id: outsiderPost });
    const friendPost = await post(friend, { status: 'top level' });
    const replyToFriend = await post(booster, { status: 'reply to friend', in_reply_to_id: friendPost });
    await call(booster, 'POST', `/api/v1/statuses/${outsiderPost}/reblog`);
    await post(muted, { status: 'muted' });
    const privatePost = await post(friend, { status: 'followers only', visibility: 'private' });
    await post(friend, { status: '@rulesoutsider direct', visibility: 'direct' });

    const incremental = await walk(reader, 'next', '/api/v1/timelines/home?limit=3');
    await dropFeed(server.db, homeFeed(reader.account.id));
    const rebuilt = await walk(reader, 'next', '/api/v1/timelines/home?limit=3');
    expect(incremental).toEqual(rebuilt);
    // hidden: the reply to someone the reader does not follow, the boost (boosts off), the muted account, direct
    expect(incremental).toEqual([privatePost, replyToFriend, friendPost]);
  });

  it('keeps about FEED_SIZE entries and reads older pages from statuses, in both directions', async () => {
    const reader = await createAccount(server, { username: 'deepreader' });
    const writer = await createAccount(server, { username: 'deepwriter' });
    await follow(server, reader, writer);
    const seeded = await seedStatuses(writer, FEED_SIZE + 60);
    await home(reader);
    const [feed] = await server.db
      .selectFrom('feeds')
      .selectAll()
      .where('kind', '=', 'home')
      .where('owner_id', '=', reader.account.id)
      .execute();
    expect(feed?.floor_id).toBe(seeded[60]);
    expect(await feedIds(reader)).toHaveLength(FEED_SIZE);

    // past FEED_SIZE and its slack, the feed is trimmed and its floor rises
    const later = await seedStatuses(writer, 150);
    for (const id of later) {
      const status = await server.db
        .selectFrom('statuses')
        .selectAll()
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
      await fanOutToFeeds(server.db, status);
    }
    const entries = await feedIds(reader);
    expect(entries.length).toBeLessThanOrEqual(FEED_SIZE + 100);
    expect(entries.length).toBeLessThan(FEED_SIZE + 150);

    const all = [...seeded, ...later].reverse();
    expect(await walk(reader, 'next', '/api/v1/timelines/home?limit=40')).toEqual(all);
    const oldest = all[all.length - 1] ?? '';
    const upward = await walk(reader, 'prev', `/api/v1/timelines/home?limit=40&min_id=${oldest}`);
    expect(upward).toEqual([...all].reverse().slice(1));
  });
});
