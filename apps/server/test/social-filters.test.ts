import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { createAccount, follow, type TestAccount } from './helpers/factories.js';
import { caller } from './helpers/social.js';
import { openStream, settle, type StreamClient } from './helpers/stream-client.js';

interface Filtered {
  filtered?: { filter: { id: string }; keyword_matches: string[] | null }[];
  reblog?: Filtered | null;
  id: string;
}
const filterIds = (status: Filtered | undefined) =>
  (status?.filtered ?? []).map((result) => result.filter.id);

describeEachDialect('filters applied by context', (dialect) => {
  let server: TestServer;
  let call: ReturnType<typeof caller>;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let homeFilter: string;
  let publicFilter: string;
  let notificationFilter: string;
  let eclipse: string;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    call = caller(server);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    await follow(server, bob, alice);
    await follow(server, bob, carol);
    const filter = async (context: string[], action: string, keyword: string) =>
      (
        await call(bob, 'POST', '/api/v2/filters', {
          title: `${keyword} in ${context.join(', ')}`,
          context,
          filter_action: action,
          keywords_attributes: [{ keyword, whole_word: true }],
        })
      ).id;
    homeFilter = await filter(['home', 'account'], 'warn', 'eclipse');
    publicFilter = await filter(['public', 'thread'], 'hide', 'eclipse');
    notificationFilter = await filter(['notifications'], 'hide', 'giveaway');
    eclipse = (await call(alice, 'POST', '/api/v1/statuses', { status: 'Watching the eclipse #sky' })).id;
  });
  afterAll(async () => server.close());

  const statuses = async (url: string) => (await call(bob, 'GET', url)).json as Filtered[];
  const find = (list: Filtered[], id: string) => list.find((status) => status.id === id);

  it('marks statuses with the filters of the timeline they appear in', async () => {
    expect(filterIds(find(await statuses('/api/v1/timelines/home'), eclipse))).toEqual([homeFilter]);
    expect(filterIds(find(await statuses('/api/v1/timelines/public'), eclipse))).toEqual([publicFilter]);
    expect(filterIds(find(await statuses('/api/v1/timelines/tag/sky'), eclipse))).toEqual([publicFilter]);
    expect(filterIds(find(await statuses(`/api/v1/accounts/${alice.account.id}/statuses`), eclipse))).toEqual(
      [homeFilter],
    );
    const list = (await call(bob, 'POST', '/api/v1/lists', { title: 'Sky' })).id;
    await call(bob, 'POST', `/api/v1/lists/${list}/accounts`, { account_ids: [alice.account.id] });
    expect(filterIds(find(await statuses(`/api/v1/timelines/list/${list}`), eclipse))).toEqual([homeFilter]);
    // the filtered entity is complete, with the matching keyword
    const [result] = find(await statuses('/api/v1/timelines/home'), eclipse)?.filtered ?? [];
    expect(result).toMatchObject({ keyword_matches: ['eclipse'], status_matches: null });
  });

  it('uses the thread context for a status and its context', async () => {
    const reply = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'The eclipse is over',
      in_reply_to_id: eclipse,
    });
    expect(filterIds((await call(bob, 'GET', `/api/v1/statuses/${eclipse}`)).json as Filtered)).toEqual([
      publicFilter,
    ]);
    const context = (await call(bob, 'GET', `/api/v1/statuses/${eclipse}/context`)).json as {
      descendants: Filtered[];
    };
    expect(filterIds(find(context.descendants, reply.id))).toEqual([publicFilter]);
  });

  it('marks boosts and the boosted status, looks at polls, and never filters the viewer’s own statuses', async () => {
    // by someone Bob does not follow: a boost of a status already in his feed would not enter it (Mastodon's rule)
    const dave = await createAccount(server, { username: 'dave' });
    const daveEclipse = (await call(dave, 'POST', '/api/v1/statuses', { status: 'Eclipse from the hills' }))
      .id;
    const boost = (await call(carol, 'POST', `/api/v1/statuses/${daveEclipse}/reblog`)).id;
    const shown = find(await statuses('/api/v1/timelines/home'), boost);
    expect(filterIds(shown)).toEqual([homeFilter]);
    expect(filterIds(shown?.reblog ?? undefined)).toEqual([homeFilter]);
    const poll = await call(alice, 'POST', '/api/v1/statuses', {
      status: 'What are you watching?',
      poll: { options: ['the eclipse', 'a film'], expires_in: 3600 },
    });
    expect(filterIds(find(await statuses('/api/v1/timelines/home'), poll.id))).toEqual([homeFilter]);
    const own = (await call(bob, 'POST', '/api/v1/statuses', { status: 'my eclipse photos' })).id;
    expect(find(await statuses('/api/v1/timelines/home'), own)?.filtered).toBeUndefined();
    // someone without filters sees no `filtered`
    const carolView = (await call(carol, 'GET', '/api/v1/timelines/public')).json as Filtered[];
    expect(find(carolView, eclipse)?.filtered).toBeUndefined();
  });

  it('drops notifications whose status a hide filter for notifications matches', async () => {
    await call(alice, 'POST', '/api/v1/statuses', { status: '@bob join my giveaway' });
    const kept = (await call(alice, 'POST', '/api/v1/statuses', { status: '@bob see the eclipse' })).id;
    const notifications = (await call(bob, 'GET', '/api/v1/notifications?types[]=mention')).json as {
      status: Filtered;
    }[];
    expect(notifications.map((note) => note.status.id)).toEqual([kept]);
    // the eclipse filters do not apply to notifications
    expect(notifications[0]?.status.filtered).toBeUndefined();
    expect(notificationFilter).toBeTruthy();
  });

  it('streams statuses with the subscriber’s filters for each stream', async () => {
    const address = await server.app.listen({ port: 0, host: '127.0.0.1' });
    const base = address.replace(/^http/, 'ws');
    const bobStream: StreamClient = await openStream(base, bob);
    const carolStream: StreamClient = await openStream(base, carol);
    try {
      bobStream.subscribe('user');
      bobStream.subscribe('public');
      bobStream.subscribe('hashtag', { tag: 'sky' });
      carolStream.subscribe('public');
      await settle();
      const posted = (await call(alice, 'POST', '/api/v1/statuses', { status: 'Eclipse tonight #sky' })).id;
      const byId = (payload: unknown) => (payload as Filtered).id === posted;
      await bobStream.next('update', byId);
      await carolStream.next('update', byId);
      await settle();
      const updates = (client: StreamClient, stream: string, event = 'update') =>
        client.received
          .filter((entry) => entry.event === event && entry.stream[0] === stream)
          .map((entry) => JSON.parse(entry.payload) as Filtered)
          .filter((status) => status.id === posted);
      expect(updates(bobStream, 'user').map(filterIds)).toEqual([[homeFilter]]);
      expect(updates(bobStream, 'public').map(filterIds)).toEqual([[publicFilter]]);
      expect(updates(bobStream, 'hashtag').map(filterIds)).toEqual([[publicFilter]]);
      expect(updates(carolStream, 'public').map(filterIds)).toEqual([[]]);

      await call(alice, 'PUT', `/api/v1/statuses/${posted}`, {
        status: 'Eclipse tonight, clouds permitting',
      });
      await bobStream.next('status.update', byId);
      await settle();
      expect(updates(bobStream, 'user', 'status.update').map(filterIds)).toEqual([[homeFilter]]);
      expect(updates(bobStream, 'public', 'status.update').map(filterIds)).toEqual([[publicFilter]]);
    } finally {
      await Promise.all([bobStream.close(), carolStream.close()]);
    }
  });
});
