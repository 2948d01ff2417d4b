import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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

describe('inbox: Follow, Accept, Reject, Undo, Block', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  let bob: RemoteActor;
  let mallory: RemoteActor;
  let alice: TestAccount;
  let locked: TestAccount;

  const followRow = (followerId: string, targetId: string) =>
    server.db
      .selectFrom('follows')
      .selectAll()
      .where('account_id', '=', followerId)
      .where('target_account_id', '=', targetId)
      .executeTakeFirst();
  const accountOf = (actor: RemoteActor) =>
    server.db.selectFrom('accounts').selectAll().where('uri', '=', actor.id).executeTakeFirst();

  beforeAll(async () => {
    remote = await startRemoteServer();
    bob = await remote.addActor('bob');
    mallory = await remote.addActor('mallory');
    server = await listenFederatedServer({ workers: 1 });
    alice = await createAccount(server, { username: 'alice' });
    locked = await createAccount(server, { username: 'locked', locked: 1 });
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('follows an open account, sends an Accept naming the Follow, and notifies', async () => {
    const follow = {
      '@context': AS,
      id: `${bob.id}#follows/1`,
      type: 'Follow',
      actor: bob.id,
      object: `${server.url}/users/alice`,
    };
    const response = await remote.post(`${server.url}/users/alice/inbox`, follow);
    expect(response.status).toBe(202);
    const accept = await remote.waitForActivity((received) => received.activity.type === 'Accept');
    expect(accept.verifiedKeyId).toBe(`${server.url}/users/alice#main-key`);
    expect(accept.activity.actor).toBe(`${server.url}/users/alice`);
    expect(accept.activity.object).toMatchObject({ id: follow.id, type: 'Follow', actor: bob.id });
    const bobRow = (await accountOf(bob))!;
    expect(bobRow.domain).toBe(remote.host);
    expect(await followRow(bobRow.id, alice.account.id)).toBeDefined();
    const notification = await server.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', alice.account.id)
      .where('from_account_id', '=', bobRow.id)
      .executeTakeFirst();
    expect(notification?.type).toBe('follow');
    const counts = await server.db
      .selectFrom('accounts')
      .select('followers_count')
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect(counts.followers_count).toBe(1);

    // the same activity again changes nothing
    expect((await remote.post(`${server.url}/users/alice/inbox`, follow)).status).toBe(202);
    await new Promise((resolve) => setTimeout(resolve, 500));
    const again = await server.db
      .selectFrom('accounts')
      .select('followers_count')
      .where('id', '=', alice.account.id)
      .executeTakeFirstOrThrow();
    expect(again.followers_count).toBe(1);

    // Undo(Follow) by its author ends the follow
    await remote.post(`${server.url}/inbox`, {
      '@context': AS,
      id: `${bob.id}#follows/1/undo`,
      type: 'Undo',
      actor: bob.id,
      object: follow,
    });
    await waitUntil(async () => !(await followRow(bobRow.id, alice.account.id)));
  });

  it('asks a locked account, with a follow_request notification, and sends no Accept', async () => {
    await remote.post(`${server.url}/users/locked/inbox`, {
      '@context': AS,
      id: `${bob.id}#follows/2`,
      type: 'Follow',
      actor: bob.id,
      object: `${server.url}/users/locked`,
    });
    const bobRow = (await accountOf(bob))!;
    await waitUntil(async () =>
      Boolean(
        await server.db
          .selectFrom('follow_requests')
          .select('id')
          .where('account_id', '=', bobRow.id)
          .where('target_account_id', '=', locked.account.id)
          .executeTakeFirst(),
      ),
    );
    const notification = await server.db
      .selectFrom('notifications')
      .select('type')
      .where('account_id', '=', locked.account.id)
      .executeTakeFirst();
    expect(notification?.type).toBe('follow_request');
    expect(await followRow(bobRow.id, locked.account.id)).toBeUndefined();
    expect(remote.received.some((r) => JSON.stringify(r.activity).includes('follows/2'))).toBe(false);
  });

  it('refuses a Follow signed by someone else than its actor', async () => {
    const response = await remote.post(
      `${server.url}/users/alice/inbox`,
      {
        '@context': AS,
        id: `${bob.id}#follows/forged`,
        type: 'Follow',
        actor: bob.id,
        object: `${server.url}/users/alice`,
      },
      { signer: mallory.id },
    );
    expect(response.status).toBe(401);
  });

  it('refuses a signature dated 13 hours ago', async () => {
    const response = await remote.post(
      `${server.url}/users/alice/inbox`,
      {
        '@context': AS,
        id: `${bob.id}#follows/old`,
        type: 'Follow',
        actor: bob.id,
        object: `${server.url}/users/alice`,
      },
      { date: new Date(Date.now() - 13 * 60 * 60_000) },
    );
    expect(response.status).toBe(401);
  });

  it('rejects the Follow of an account that blocks the sender', async () => {
    const followOf = (n: number) => ({
      '@context': AS,
      id: `${mallory.id}#follows/${n}`,
      type: 'Follow',
      actor: mallory.id,
      object: `${server.url}/users/alice`,
    });
    await remote.post(`${server.url}/users/alice/inbox`, followOf(1));
    await waitUntil(async () => Boolean(await accountOf(mallory)));
    const malloryId = (await accountOf(mallory))!.id;
    await waitUntil(async () => Boolean(await followRow(malloryId, alice.account.id)));
    const blocked = await server.app.inject({
      method: 'POST',
      url: `/api/v1/accounts/${malloryId}/block`,
      headers: { authorization: `Bearer ${alice.token}` },
    });
    expect(blocked.statusCode).toBe(200);
    expect(await followRow(malloryId, alice.account.id)).toBeUndefined();

    await remote.post(`${server.url}/users/alice/inbox`, followOf(2));
    const reject = await remote.waitForActivity((received) => received.activity.type === 'Reject');
    expect(reject.activity.object).toMatchObject({ id: `${mallory.id}#follows/2`, type: 'Follow' });
    expect(await followRow(malloryId, alice.account.id)).toBeUndefined();
  });

  it('turns our pending follow into a follow on Accept, and ends it on Reject', async () => {
    const bobRow = (await accountOf(bob))!;
    await server.db
      .insertInto('follow_requests')
      .values({
        id: '901',
        account_id: alice.account.id,
        target_account_id: bobRow.id,
        created_at: new Date().toISOString(),
        show_reblogs: 1,
        notify: 0,
      })
      .execute();
    const ourFollow = `${server.url}/users/alice#follows/901`;
    await remote.post(`${server.url}/inbox`, {
      '@context': AS,
      id: `${bob.id}#accepts/1`,
      type: 'Accept',
      actor: bob.id,
      object: { id: ourFollow, type: 'Follow', actor: `${server.url}/users/alice`, object: bob.id },
    });
    await waitUntil(async () => Boolean(await followRow(alice.account.id, bobRow.id)));

    // a Reject by someone else than the followed account changes nothing
    await remote.post(`${server.url}/inbox`, {
      '@context': AS,
      id: `${mallory.id}#rejects/1`,
      type: 'Reject',
      actor: mallory.id,
      object: ourFollow,
    });
    await remote.post(`${server.url}/inbox`, {
      '@context': AS,
      id: `${bob.id}#rejects/1`,
      type: 'Reject',
      actor: bob.id,
      object: ourFollow,
    });
    await waitUntil(async () => !(await followRow(alice.account.id, bobRow.id)));
  });

  it('applies a remote Block: follows both ways end; Undo lifts it', async () => {
    const bobRow = (await accountOf(bob))!;
    await remote.post(`${server.url}/users/alice/inbox`, {
      '@context': AS,
      id: `${bob.id}#follows/3`,
      type: 'Follow',
      actor: bob.id,
      object: `${server.url}/users/alice`,
    });
    await waitUntil(async () => Boolean(await followRow(bobRow.id, alice.account.id)));
    const block = {
      id: `${bob.id}#blocks/1`,
      type: 'Block',
      actor: bob.id,
      object: `${server.url}/users/alice`,
    };
    await remote.post(`${server.url}/users/alice/inbox`, { '@context': AS, ...block });
    const blockRow = () =>
      server.db
        .selectFrom('blocks')
        .select('id')
        .where('account_id', '=', bobRow.id)
        .where('target_account_id', '=', alice.account.id)
        .executeTakeFirst();
    await waitUntil(async () => Boolean(await blockRow()));
    expect(await followRow(bobRow.id, alice.account.id)).toBeUndefined();
    await remote.post(`${server.url}/users/alice/inbox`, {
      '@context': AS,
      id: `${bob.id}#blocks/1/undo`,
      type: 'Undo',
      actor: bob.id,
      object: block,
    });
    await waitUntil(async () => !(await blockRow()));
  });
});
