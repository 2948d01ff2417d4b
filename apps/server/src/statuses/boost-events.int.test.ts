import { afterAll, beforeAll, expect, it, vi } from 'vitest';
import type { StatusReblogged, StatusUnreblogged } from '../events/social.js';
import { userChannel } from '../streaming/bus.js';
import { feedsLeftOut, homeFeed } from '../timelines/feeds.js';
import {
  bearer,
  createAccount,
  follow,
  insertStatus,
  type TestAccount,
} from '../../test/helpers/factories.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { waitUntil } from '../../test/helpers/remote-server.js';

describeEachDialect('boost events and their subscribers', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let carol: TestAccount;
  let dave: TestAccount;
  /** each boost event, with what the subscribers before it had done when it reached a later subscriber */
  const seen: { event: StatusReblogged | StatusUnreblogged; boostInCarolsFeed: boolean }[] = [];
  const published: { channel: string; event: string; payload: unknown }[] = [];

  const call = async (who: TestAccount, method: 'GET' | 'POST', url: string) => {
    const response = await server.app.inject({ method, url, headers: bearer(who) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ id: string }>();
  };
  const inCarolsFeed = async (statusId: string) =>
    Boolean(
      await server.db
        .selectFrom('feed_entries')
        .select('status_id')
        .where('kind', '=', 'home')
        .where('owner_id', '=', carol.account.id)
        .where('status_id', '=', statusId)
        .executeTakeFirst(),
    );

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    dave = await createAccount(server, { username: 'dave' });
    await follow(server, carol, dave);
    // registered after the server's own subscribers: it runs once they have
    for (const type of ['StatusReblogged', 'StatusUnreblogged'] as const) {
      server.ctx.events!.subscribe(type, async (event) => {
        seen.push({ event, boostInCarolsFeed: await inCarolsFeed(event.boost.id) });
      });
    }
    const publish = server.ctx.bus.publish.bind(server.ctx.bus);
    vi.spyOn(server.ctx.bus, 'publish').mockImplementation((channel, event, payload) => {
      published.push({ channel, event, payload });
      return publish(channel, event, payload);
    });
    // carol's home feed is built by her first read
    await call(carol, 'GET', '/api/v1/timelines/home');
  });
  afterAll(() => server.close());

  it('tells of a boost once, fanned out before the notification, streamed after it', async () => {
    const original = await insertStatus(server, alice);
    published.length = 0;
    const boost = await call(dave, 'POST', `/api/v1/statuses/${original.id}/reblog`);
    // boosting again finds the same boost: nothing new happened
    await call(dave, 'POST', `/api/v1/statuses/${original.id}/reblog`);
    expect(seen.map(({ event }) => event.type)).toEqual(['StatusReblogged']);
    expect(seen[0]).toMatchObject({
      boostInCarolsFeed: true,
      event: {
        booster: { id: dave.account.id },
        boost: { id: boost.id, reblog_of_id: original.id },
        original: { id: original.id },
        notification: { type: 'reblog', account_id: alice.account.id },
      },
    });
    await waitUntil(() => published.some(({ event }) => event === 'update'));
    const order = published.map(({ channel, event }) => `${channel} ${event}`);
    expect(order.indexOf(`${userChannel(alice.account.id)} notification`)).toBeGreaterThanOrEqual(0);
    expect(order.indexOf(`${userChannel(alice.account.id)} notification`)).toBeLessThan(
      order.indexOf(`${userChannel(carol.account.id)} update`),
    );
  });

  it('tells of an undone boost once, its removal streamed', async () => {
    const original = await insertStatus(server, alice);
    const boost = await call(dave, 'POST', `/api/v1/statuses/${original.id}/reblog`);
    seen.length = 0;
    published.length = 0;
    await call(dave, 'POST', `/api/v1/statuses/${original.id}/unreblog`);
    await call(dave, 'POST', `/api/v1/statuses/${original.id}/unreblog`);
    expect(seen).toMatchObject([
      { event: { type: 'StatusUnreblogged', boost: { id: boost.id } }, boostInCarolsFeed: false },
    ]);
    await waitUntil(() => published.some(({ event }) => event === 'delete'));
    expect(published).toContainEqual({
      channel: userChannel(carol.account.id),
      event: 'delete',
      payload: boost.id,
    });
  });

  it('streams a boost to none of the feeds it stayed out of (feedsLeftOut)', async () => {
    const erin = await createAccount(server, { username: 'erin' });
    await follow(server, carol, erin);
    const original = await insertStatus(server, alice);
    const first = await call(dave, 'POST', `/api/v1/statuses/${original.id}/reblog`);
    expect(await feedsLeftOut(server.db, (await boostRow(first.id))!)).not.toContainEqual(
      homeFeed(carol.account.id),
    );
    // carol saw that status a moment ago: erin's boost of it stays out of her home, and of her stream
    const second = await call(erin, 'POST', `/api/v1/statuses/${original.id}/reblog`);
    expect(await inCarolsFeed(second.id)).toBe(false);
    expect(await feedsLeftOut(server.db, (await boostRow(second.id))!)).toContainEqual(
      homeFeed(carol.account.id),
    );
    // the first boost's stream may still be on its way: only those of the second count
    const channelsOfSecond = () =>
      published
        .filter(({ payload }) => (payload as { id?: string } | null)?.id === second.id)
        .map(({ channel }) => channel);
    await waitUntil(() => channelsOfSecond().includes(userChannel(erin.account.id)));
    expect(channelsOfSecond()).not.toContain(userChannel(carol.account.id));
  });

  const boostRow = (id: string) =>
    server.db.selectFrom('statuses').selectAll().where('id', '=', id).executeTakeFirst();
});
