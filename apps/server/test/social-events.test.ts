import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SocialEvent } from '../src/events/social.js';
import { createAccount, type TestAccount } from './helpers/factories.js';
import { listenFederatedServer } from './helpers/federation.js';
import type { TestServer } from './helpers/harness.js';
import {
  startRemoteServer,
  waitUntil,
  type RemoteActor,
  type RemoteServer,
} from './helpers/remote-server.js';

const AS = 'https://www.w3.org/ns/activitystreams';

describe('social domain events', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let alice: TestAccount;
  let carol: TestAccount;
  /** each event seen, with whether its write was visible (committed) when the subscriber ran */
  const seen: { event: SocialEvent; committed: boolean }[] = [];
  const types = () => seen.map(({ event }) => event.type);

  const call = async (who: TestAccount, method: 'GET' | 'POST', url: string) => {
    const response = await server.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${who.token}` },
    });
    return { status: response.statusCode, body: response.json<Record<string, unknown>>() };
  };
  const followExists = async (followerId: string, targetId: string) =>
    Boolean(
      await server.db
        .selectFrom('follows')
        .select('id')
        .where('account_id', '=', followerId)
        .where('target_account_id', '=', targetId)
        .executeTakeFirst(),
    );
  const remoteAccountId = async (actor: RemoteActor) => {
    const found = await call(alice, 'GET', `/api/v1/accounts/lookup?acct=${encodeURIComponent(actor.acct)}`);
    expect(found.status).toBe(200);
    return String(found.body.id);
  };

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    const events = server.ctx.events;
    if (!events) throw new Error('buildApp gives the context its events');
    events.subscribe('Followed', async (event) => {
      seen.push({ event, committed: await followExists(event.follower.id, event.target.id) });
    });
    for (const type of ['FollowRequested', 'Blocked', 'StatusFavourited'] as const) {
      events.subscribe(type, (event) => void seen.push({ event, committed: true }));
    }
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('tell of a follow once, after its commit, and of nothing when the write is refused and rolled back', async () => {
    seen.length = 0;
    expect((await call(carol, 'POST', `/api/v1/accounts/${alice.account.id}/follow`)).status).toBe(200);
    // following again only updates the options: nothing new happened
    expect((await call(carol, 'POST', `/api/v1/accounts/${alice.account.id}/follow`)).status).toBe(200);
    expect(types()).toEqual(['Followed']);
    expect(seen[0]).toMatchObject({
      committed: true,
      event: { follower: { id: carol.account.id }, target: { id: alice.account.id } },
    });

    seen.length = 0;
    expect((await call(alice, 'POST', `/api/v1/accounts/${carol.account.id}/block`)).status).toBe(200);
    expect(types()).toEqual(['Blocked']);
    seen.length = 0;
    // the follow transaction finds the block and throws: rolled back, no event
    expect((await call(carol, 'POST', `/api/v1/accounts/${alice.account.id}/follow`)).status).toBe(403);
    expect(types()).toEqual([]);
    expect(await followExists(carol.account.id, alice.account.id)).toBe(false);
  });

  it('send the Follow of a remote account from the FollowRequested subscriber', async () => {
    const bobId = await remoteAccountId(bob);
    seen.length = 0;
    const followed = await call(alice, 'POST', `/api/v1/accounts/${bobId}/follow`);
    expect(followed.body).toMatchObject({ following: false, requested: true });
    expect(types()).toEqual(['FollowRequested']);
    const sent = await remote.waitForActivity((received) => received.activity.type === 'Follow');
    expect(sent.activity).toMatchObject({ actor: `${server.url}/users/alice`, object: bob.id });
  });

  it('apply a remote Follow through the same command, whose subscriber sends the Accept', async () => {
    seen.length = 0;
    const follow = {
      '@context': AS,
      id: `${bob.id}#follows/events`,
      type: 'Follow',
      actor: bob.id,
      object: `${server.url}/users/carol`,
    };
    expect((await remote.post(`${server.url}/users/carol/inbox`, follow)).status).toBe(202);
    const accept = await remote.waitForActivity(
      (received) =>
        received.activity.type === 'Accept' && received.activity.actor === `${server.url}/users/carol`,
    );
    expect(accept.activity.object).toMatchObject({ id: follow.id, type: 'Follow', actor: bob.id });
    await waitUntil(() => types().includes('Followed'));
    expect(types()).toEqual(['Followed']);
    expect(seen[0]).toMatchObject({
      committed: true,
      event: { follower: { uri: bob.id }, target: { id: carol.account.id } },
    });
  });

  it('tell of a favourite once', async () => {
    const posted = await server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      headers: { authorization: `Bearer ${alice.token}` },
      payload: { status: 'like me' },
    });
    const id = posted.json<{ id: string }>().id;
    const dave = await createAccount(server, { username: 'dave' });
    seen.length = 0;
    expect((await call(dave, 'POST', `/api/v1/statuses/${id}/favourite`)).status).toBe(200);
    expect((await call(dave, 'POST', `/api/v1/statuses/${id}/favourite`)).status).toBe(200);
    expect(types()).toEqual(['StatusFavourited']);
    expect(seen[0]?.event).toMatchObject({
      account: { id: dave.account.id },
      notification: { type: 'favourite' },
    });
  });
});
