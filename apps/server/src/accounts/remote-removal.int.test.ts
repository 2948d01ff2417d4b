import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { removeRemoteAccount } from './remote-removal.js';
import type { AccountRow } from '../auth/viewer.js';
import type { DomainEvent } from '../events/types.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { mastodonActivities } from '../../test/helpers/activitypub.js';
import {
  accountRow,
  createAccount,
  follow,
  insertStatus,
  type TestAccount,
} from '../../test/helpers/factories.js';
import { listenFederatedServer } from '../../test/helpers/federation.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { startRemoteServer, waitUntil, type RemoteServer } from '../../test/helpers/remote-server.js';

describeEachDialect('removeRemoteAccount', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let carol: TestAccount;
  let bob: AccountRow;
  const seen: DomainEvent[] = [];

  const accountOf = (id: string) =>
    server.db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    carol = await createAccount(server, { username: 'carol' });
    bob = accountRow('bob', { domain: 'remote.example', uri: 'https://remote.example/users/bob' });
    await server.db.insertInto('accounts').values(bob).execute();
    for (const type of ['StatusDeleted', 'Unfollowed'] as const)
      server.ctx.events!.subscribe(type, (event) => void seen.push(event));
  });
  afterAll(() => server.close());

  it("removes the account's statuses, follows, requests, notifications and favourites, and suspends it", async () => {
    await follow(server, alice, bob);
    await follow(server, bob, carol);
    const bobsNote = await insertStatus(server, bob, { local: 0, uri: 'https://remote.example/notes/1' });
    const alicesNote = await insertStatus(server, alice, { favourites_count: 1 });
    await server.db
      .insertInto('favourites')
      .values({ id: newId(), account_id: bob.id, status_id: alicesNote.id, created_at: nowIso() })
      .execute();
    await server.db
      .insertInto('notifications')
      .values({
        id: newId(),
        account_id: alice.account.id,
        from_account_id: bob.id,
        type: 'favourite',
        status_id: alicesNote.id,
        filtered: 0,
        read: 0,
        created_at: nowIso(),
      })
      .execute();
    await server.db
      .insertInto('follow_requests')
      .values({
        id: newId(),
        account_id: bob.id,
        target_account_id: alice.account.id,
        show_reblogs: 1,
        notify: 0,
        created_at: nowIso(),
      })
      .execute();

    await removeRemoteAccount(server.ctx, bob);

    const note = await server.db
      .selectFrom('statuses')
      .select('deleted_at')
      .where('id', '=', bobsNote.id)
      .executeTakeFirstOrThrow();
    expect(note.deleted_at).not.toBeNull();
    const involving = (table: 'follows' | 'follow_requests') =>
      server.db
        .selectFrom(table)
        .select('id')
        .where((eb) => eb.or([eb('account_id', '=', bob.id), eb('target_account_id', '=', bob.id)]))
        .execute();
    expect(await involving('follows')).toEqual([]);
    expect(await involving('follow_requests')).toEqual([]);
    expect((await accountOf(alice.account.id)).following_count).toBe(0);
    expect((await accountOf(carol.account.id)).followers_count).toBe(0);
    expect(
      await server.db.selectFrom('favourites').select('id').where('account_id', '=', bob.id).execute(),
    ).toEqual([]);
    const liked = await server.db
      .selectFrom('statuses')
      .select('favourites_count')
      .where('id', '=', alicesNote.id)
      .executeTakeFirstOrThrow();
    expect(liked.favourites_count).toBe(0);
    expect(
      await server.db
        .selectFrom('notifications')
        .select('id')
        .where('from_account_id', '=', bob.id)
        .execute(),
    ).toEqual([]);
    expect((await accountOf(bob.id)).suspended_at).not.toBeNull();
    // each step was the owning domain's command, whose events told the rest of the server
    expect(seen.map((event) => event.type).sort()).toEqual(['StatusDeleted', 'Unfollowed', 'Unfollowed']);
  });
});

describe('inbox: Delete of an actor', () => {
  let server: TestServer & { url: string };
  let remote: RemoteServer;
  const seen: DomainEvent[] = [];

  beforeAll(async () => {
    remote = await startRemoteServer();
    server = await listenFederatedServer({ workers: 1 });
    for (const type of ['StatusDeleted', 'Unfollowed'] as const)
      server.ctx.events!.subscribe(type, (event) => void seen.push(event));
  });
  afterAll(async () => {
    await server.close();
    await remote.close();
  });

  it('removes the remote account with the domain commands, as removeRemoteAccount does', async () => {
    const dan = await remote.addActor('dan');
    const erin = await createAccount(server, { username: 'erin' });
    const { activity } = mastodonActivities();
    const accountOfDan = () =>
      server.db.selectFrom('accounts').selectAll().where('uri', '=', dan.id).executeTakeFirst();
    await remote.post(`${server.url}/inbox`, activity(dan, 'Update', dan.document));
    await waitUntil(async () => Boolean(await accountOfDan()));
    const danId = (await accountOfDan())!.id;
    await follow(server, erin, { id: danId });
    await insertStatus(server, { id: danId }, { local: 0, uri: `${dan.id}/statuses/1` });
    const liked = await insertStatus(server, erin, { favourites_count: 1 });
    await server.db
      .insertInto('favourites')
      .values({ id: newId(), account_id: danId, status_id: liked.id, created_at: nowIso() })
      .execute();

    await remote.post(
      `${server.url}/inbox`,
      activity(dan, 'Delete', dan.id, { to: ['https://www.w3.org/ns/activitystreams#Public'] }),
    );
    await waitUntil(async () => Boolean((await accountOfDan())?.suspended_at));
    expect(seen.map((event) => event.type).sort()).toEqual(['StatusDeleted', 'Unfollowed']);
    const erinNow = await server.db
      .selectFrom('accounts')
      .select('following_count')
      .where('id', '=', erin.account.id)
      .executeTakeFirstOrThrow();
    expect(erinNow.following_count).toBe(0);
    const likedNow = await server.db
      .selectFrom('statuses')
      .select('favourites_count')
      .where('id', '=', liked.id)
      .executeTakeFirstOrThrow();
    expect(likedNow.favourites_count).toBe(0);
  });
});
