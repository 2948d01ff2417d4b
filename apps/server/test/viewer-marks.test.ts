import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Status } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, insertStatus, type TestAccount } from './helpers/factories.js';
import { QueryCounter } from './helpers/query-counter.js';
import { QueryRecorder } from './helpers/query-recorder.js';
import { caller } from './helpers/social.js';

/**
 * The viewer's marks (statuses/viewer-marks.ts): every status of a long page, boosts' originals included,
 * carries its own marks. A timeline page reads the marks of its own statuses along with them, and the
 * serializer reads only those of the statuses that page did not hold (a boost's original, a quoted post).
 */
describeEachDialect('viewer marks on a long page', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let carol: TestAccount;
  const counter = new QueryCounter();
  const recorder = new QueryRecorder();

  beforeAll(async () => {
    server = await createTestServer(dialect, {}, { dbPlugins: [counter, recorder] });
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, carol, alice);
  });
  afterAll(async () => server.close());

  /** A page as `reader` reads it, with the statements it ran and how many of them read marks on their own. */
  async function readPage(reader: TestAccount, path: string) {
    counter.reset();
    recorder.recorded.length = 0;
    const response = await call(reader, 'GET', path);
    expect(response.status, response.raw.body).toBe(200);
    // the serializer's marks statement, told by its list of ids (statuses/viewer-marks.ts, readViewerMarks)
    const marksStatements = recorder.recorded.filter(({ node, queryId }) =>
      server.db.getExecutor().compileQuery(node, queryId).sql.includes(`"marked_ids"`),
    ).length;
    return { page: response.json as Status[], statements: counter.count, marksStatements };
  }

  it('marks each status the viewer favourited, bookmarked, boosted, pinned or muted, and no other', async () => {
    const ids: string[] = [];
    for (let index = 0; index < 25; index += 1) {
      ids.push((await insertStatus(server, alice, { text: `post ${index}` })).id);
    }
    const own = (await call(carol, 'POST', '/api/v1/statuses', { status: 'mine, pinned' })).id;
    const act = async (path: string) => expect((await call(carol, 'POST', path)).status).toBe(200);
    await act(`/api/v1/statuses/${ids[2]}/favourite`);
    await act(`/api/v1/statuses/${ids[14]}/favourite`);
    await act(`/api/v1/statuses/${ids[23]}/bookmark`);
    // muting a thread needs a part in it: carol replies first
    const reply = await call(carol, 'POST', '/api/v1/statuses', {
      status: 'a reply',
      in_reply_to_id: ids[11],
    });
    expect(reply.status, reply.raw.body).toBe(200);
    await act(`/api/v1/statuses/${ids[11]}/mute`);
    await act(`/api/v1/statuses/${own}/pin`);
    const boosted = await call(carol, 'POST', `/api/v1/statuses/${ids[20]}/reblog`);
    expect(boosted.status).toBe(200);

    const page = (await call(carol, 'GET', '/api/v1/timelines/home?limit=40')).json as Status[];
    expect(page).toHaveLength(28);
    const marked = (mark: 'favourited' | 'bookmarked' | 'reblogged' | 'muted' | 'pinned') =>
      page.filter((status) => status[mark]).map((status) => status.id);
    expect(marked('favourited').sort()).toEqual([ids[2], ids[14]].sort());
    expect(marked('bookmarked')).toEqual([ids[23]]);
    // the boost's wrapper answers for its original, as Mastodon's
    expect(marked('reblogged').sort()).toEqual([boosted.id, ids[20]].sort());
    expect(marked('muted').sort()).toEqual([ids[11], reply.id].sort());
    expect(marked('pinned')).toEqual([own]);
  });

  it('reads a page’s own marks with its statuses, and only the marks of what the page did not hold apart', async () => {
    const dave = await createAccount(server, { username: 'dave' });
    const erin = await createAccount(server, { username: 'erin' });
    const frank = await createAccount(server, { username: 'frank' });
    await follow(server, dave, frank);
    // dave follows frank only: his home holds frank's posts, and erin's only through frank's boost
    const plain = (await call(frank, 'POST', '/api/v1/statuses', { status: 'plain' })).id;
    const erins = (await call(erin, 'POST', '/api/v1/statuses', { status: 'from erin' })).id;
    const act = async (path: string) => expect((await call(dave, 'POST', path)).status).toBe(200);
    await act(`/api/v1/statuses/${plain}/favourite`);
    await act(`/api/v1/statuses/${erins}/bookmark`);
    await act(`/api/v1/statuses/${erins}/favourite`);
    const read = () => readPage(dave, '/api/v1/timelines/home');
    // the first reads build dave's feed and keep its rows and renderings
    await read();
    const plainPage = await read();
    const plainStatus = plainPage.page.find((status) => status.id === plain);
    expect(plainStatus?.favourited).toBe(true);
    expect(plainStatus?.bookmarked).toBe(false);
    // the bearer with the relations, and the feed page with its marks: no statement of their own
    expect(plainPage.statements).toBe(2);
    expect(plainPage.marksStatements).toBe(0);

    const boost = (await call(frank, 'POST', `/api/v1/statuses/${erins}/reblog`)).id;
    await read();
    const boosted = await read();
    const wrapper = boosted.page.find((status) => status.id === boost);
    expect(wrapper?.reblog?.id).toBe(erins);
    // the wrapper and its original answer with the original's marks, read by a statement of their own
    expect([wrapper?.favourited, wrapper?.bookmarked, wrapper?.reblogged]).toEqual([true, true, false]);
    expect([wrapper?.reblog?.favourited, wrapper?.reblog?.bookmarked]).toEqual([true, true]);
    expect(boosted.page.find((status) => status.id === plain)?.favourited).toBe(true);
    expect(boosted.marksStatements).toBe(1);

    // a mark made or undone counts at the next read
    expect((await call(dave, 'POST', `/api/v1/statuses/${plain}/unfavourite`)).status).toBe(200);
    await act(`/api/v1/statuses/${plain}/bookmark`);
    const after = (await read()).page.find((status) => status.id === plain);
    expect([after?.favourited, after?.bookmarked]).toEqual([false, true]);
  });

  it('reads a list page’s and a public page’s marks with their statuses, and counts a mark made at the next read', async () => {
    const grace = await createAccount(server, { username: 'grace' });
    const heidi = await createAccount(server, { username: 'heidi' });
    // a list holds accounts its owner follows
    await follow(server, grace, heidi);
    const posts = [];
    for (const text of ['first', 'second', 'third']) {
      posts.push((await call(heidi, 'POST', '/api/v1/statuses', { status: text })).id);
    }
    const list = await call(grace, 'POST', '/api/v1/lists', { title: 'marks' });
    expect(list.status).toBe(200);
    const listId = String(list.id);
    const listPath = `/api/v1/timelines/list/${listId}`;
    const members = { account_ids: [heidi.account.id] };
    expect((await call(grace, 'POST', `/api/v1/lists/${listId}/accounts`, members)).status).toBe(200);
    const act = async (path: string) => expect((await call(grace, 'POST', path)).status).toBe(200);
    await act(`/api/v1/statuses/${posts[0]}/favourite`);
    await act(`/api/v1/statuses/${posts[1]}/bookmark`);
    const marksOf = (page: Status[], id: string | undefined) => {
      const status = page.find((each) => each.id === id);
      return [status?.favourited, status?.bookmarked, status?.reblogged];
    };
    for (const path of [listPath, '/api/v1/timelines/public', '/api/v1/timelines/public?local=true']) {
      // the first read builds the list's feed and keeps the statuses' rows and renderings
      await readPage(grace, path);
      const read = await readPage(grace, path);
      expect(marksOf(read.page, posts[0]), path).toEqual([true, false, false]);
      expect(marksOf(read.page, posts[1]), path).toEqual([false, true, false]);
      expect(marksOf(read.page, posts[2]), path).toEqual([false, false, false]);
      expect(read.marksStatements, path).toBe(0);
      // a list: the bearer, the list, the relations with the feed's row, the feed page with its marks; a
      // public page: the bearer, the page with its marks, its authors' rows (kept by version on a feed's page)
      expect(read.statements, path).toBe(path === listPath ? 4 : 3);
    }
    await act(`/api/v1/statuses/${posts[2]}/reblog`);
    await act(`/api/v1/statuses/${posts[0]}/unfavourite`);
    for (const path of [listPath, '/api/v1/timelines/public']) {
      const { page } = await readPage(grace, path);
      expect(marksOf(page, posts[0]), path).toEqual([false, false, false]);
      expect(marksOf(page, posts[2]), path).toEqual([false, false, true]);
    }
  });
});
