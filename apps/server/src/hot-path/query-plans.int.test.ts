import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../test/helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from '../../test/helpers/factories.js';
import { call } from '../../test/helpers/messaging.js';
import { QueryRecorder } from '../../test/helpers/query-recorder.js';

/** Tables that grow with the instance's history: a hot read must reach them through an index. */
const GROWING = [
  'statuses',
  'feed_entries',
  'messages',
  'conversation_participants',
  'status_tags',
  'notifications',
  'favourites',
  'bookmarks',
  'follows',
  'follow_requests',
  'list_accounts',
  'conversation_reads',
  'status_mentions',
];
const FM = '/api/v1/friend_messages';

describe('hot reads use indexes on growing tables (SQLite EXPLAIN QUERY PLAN)', () => {
  let server: TestServer;
  let reader: TestAccount;
  let writer: TestAccount;
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    server = await createTestServer('sqlite', {}, { dbPlugins: [recorder] });
    reader = await createAccount(server, { username: 'planreader' });
    writer = await createAccount(server, { username: 'planwriter' });
    await follow(server, reader, writer);
    await follow(server, writer, reader);
    for (let index = 0; index < 5; index += 1) await insertStatus(server, writer, { tags: ['plans'] });
    await call(server, reader, 'POST', '/api/v1/tags/plans/follow');
  });
  afterAll(async () => server.close());

  /**
   * Plan lines that read a growing table whole: a plain SCAN and, with `strict`, a timeline read of statuses
   * through a multi-index OR, or a page sorted after it was read (both read every matching row to keep one page).
   */
  async function scansOf(requests: () => Promise<void>, strict = false): Promise<string[]> {
    recorder.recorded.length = 0;
    await requests();
    const plans = await recorder.sqlitePlans(server.db);
    const whole = (line: string, sql: string) =>
      GROWING.some((table) => new RegExp(`^SCAN ${table}( AS \\w+)?$`).test(line)) ||
      (strict &&
        ((sql.startsWith('select "statuses".') && line.startsWith('MULTI-INDEX OR')) ||
          // a page (`limit`) sorted after the read: everything that matched was read to keep `limit` rows
          (/ limit (\?|\d+)$/.test(sql) && line.startsWith('USE TEMP B-TREE FOR ORDER BY'))));
    return plans.flatMap(({ sql, plan }) =>
      plan.filter((line) => whole(line, sql)).map((line) => `${line} in: ${sql}`),
    );
  }

  it('home and list timelines, read from their feeds', async () => {
    const list = await call(server, reader, 'POST', '/api/v1/lists', { title: 'plans' });
    const listId = String(list.body.id);
    await call(server, reader, 'POST', `/api/v1/lists/${listId}/accounts`, {
      account_ids: [writer.account.id],
    });
    // the first read of each builds its feed
    await call(server, reader, 'GET', '/api/v1/timelines/home');
    await call(server, reader, 'GET', `/api/v1/timelines/list/${listId}`);
    const scans = await scansOf(async () => {
      for (const url of [
        '/api/v1/timelines/home',
        '/api/v1/timelines/home?max_id=999999999999999998',
        `/api/v1/timelines/list/${listId}`,
      ]) {
        expect((await call(server, reader, 'GET', url)).status).toBe(200);
      }
    }, true);
    expect(scans).toEqual([]);
    // each page walks its feed's index newest first and stops when full, instead of listing the whole feed
    // (or every followed account, or every list member) for each read
    const feedPages = (await recorder.sqlitePlans(server.db)).filter(
      ({ sql }) => sql.includes('"feed_entries"."owner_id" = ?') && / limit \d+$/.test(sql),
    );
    expect(feedPages.map(({ plan }) => plan[0])).toEqual([
      expect.stringMatching(/^SEARCH feed_entries USING COVERING INDEX/),
      expect.stringMatching(/^SEARCH feed_entries USING COVERING INDEX/),
      expect.stringMatching(/^SEARCH feed_entries USING COVERING INDEX/),
    ]);
    for (const { plan } of feedPages)
      expect(plan.filter((line) => line.startsWith('LIST SUBQUERY'))).toEqual([]);
    // the viewer's marks: read by each page's statement, and by a statement of their own for the statuses a page
    // did not hold (an account's statuses here); a lookup per status, not every status of the viewer's, and no
    // temporary index built of the ids first
    recorder.recorded.length = 0;
    const own = `/api/v1/accounts/${writer.account.id}/statuses`;
    expect((await call(server, reader, 'GET', own)).status).toBe(200);
    const marks = (await recorder.sqlitePlans(server.db)).filter(({ sql }) => sql.includes('"marked_ids"'));
    expect(marks.length).toBeGreaterThan(0);
    for (const { plan } of [...feedPages, ...marks]) {
      expect(plan.filter((line) => line.startsWith('SEARCH boosts '))).toEqual([
        expect.stringMatching(/USING INDEX statuses_account_reblog \(account_id=\? AND reblog_of_id=\?\)/),
      ]);
      expect(plan.filter((line) => line.startsWith('LIST SUBQUERY'))).toEqual([]);
    }
  });

  it('the conversation list, the unread badge and a conversation’s history', async () => {
    const sent = await call(server, reader, 'POST', FM, { recipient_id: writer.account.id, content: 'hi' });
    const conversationId = String(sent.body.conversation_id);
    const scans = await scansOf(async () => {
      expect((await call(server, reader, 'GET', `${FM}/conversations`)).status).toBe(200);
      expect((await call(server, writer, 'GET', `${FM}/unread_count`)).status).toBe(200);
      expect((await call(server, reader, 'GET', `${FM}/conversations/${conversationId}`)).status).toBe(200);
      expect(
        (await call(server, reader, 'POST', FM, { conversation_id: conversationId, content: 'again' }))
          .status,
      ).toBe(201);
    });
    expect(scans).toEqual([]);
  });

  it('the other lists: notifications, favourites, bookmarks, an account’s statuses, follows, follow requests, a tag, lists', async () => {
    const status = await insertStatus(server, writer, { tags: ['plans'] });
    await call(server, reader, 'POST', `/api/v1/statuses/${status.id}/favourite`);
    await call(server, reader, 'POST', `/api/v1/statuses/${status.id}/bookmark`);
    await call(server, writer, 'POST', `/api/v1/statuses/${status.id}/favourite`);
    const get = (urls: ReadonlyArray<readonly [TestAccount, string]>) => async () => {
      for (const [who, url] of urls) expect((await call(server, who, 'GET', url)).status, url).toBe(200);
    };
    const pages = await scansOf(
      get([
        [reader, '/api/v1/notifications'],
        [writer, '/api/v1/notifications?max_id=999999999999999998'],
        [reader, '/api/v1/favourites'],
        [reader, '/api/v1/bookmarks'],
        [reader, `/api/v1/accounts/${writer.account.id}/statuses`],
        [reader, `/api/v1/accounts/${writer.account.id}/statuses?exclude_replies=true`],
        [reader, '/api/v1/follow_requests'],
        [reader, `/api/v1/accounts/${writer.account.id}/followers`],
        [reader, `/api/v1/accounts/${writer.account.id}/following`],
      ]),
      true,
    );
    expect(pages).toEqual([]);
    // these sort what they read, but read only the tag's statuses and the viewer's lists (50 at most)
    const bounded = await scansOf(
      get([
        [reader, '/api/v1/timelines/tag/plans'],
        [reader, '/api/v1/lists'],
      ]),
    );
    expect(bounded).toEqual([]);
  });

  it('the public timelines walk their index newest first and stop when a page is full', async () => {
    const pages = await scansOf(async () => {
      for (const [who, url] of [
        [null, '/api/v1/timelines/public'],
        [reader, '/api/v1/timelines/public'],
        [reader, '/api/v1/timelines/public?local=true'],
        [reader, '/api/v1/timelines/public?remote=true'],
        [reader, '/api/v1/timelines/public?max_id=999999999999999998'],
      ] as const)
        expect((await call(server, who, 'GET', url)).status, url).toBe(200);
    }, true);
    expect(pages).toEqual([]);
  });
});
