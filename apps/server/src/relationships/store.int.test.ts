import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  activeMutesAmong,
  blockedEitherWayAmong,
  blocksAccountOrDomain,
  blocksBetween,
  deleteBlock,
  deleteFollow,
  followOrRequestId,
  insertBlock,
  insertDomainBlock,
  insertFollow,
  insertFollowRequest,
  isBlockedEitherWay,
  isFollowing,
  upsertMute,
} from './store.js';
import { mutedIdsEverOf } from './conditions.js';
import { newId } from '../lib/ids.js';
import { createTestServer, describeEachDialect, type TestServer } from '../../test/helpers/harness.js';
import { createAccount, type TestAccount } from '../../test/helpers/factories.js';

describeEachDialect('relationships store: one definition of each rule', (dialect) => {
  let server: TestServer;
  let alice: TestAccount;
  let bob: TestAccount;
  let carol: TestAccount;
  let remote: TestAccount;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    alice = await createAccount(server, { username: 'alice' });
    bob = await createAccount(server, { username: 'bob' });
    carol = await createAccount(server, { username: 'carol' });
    remote = await createAccount(server, { username: 'dave', domain: 'remote.test:8443' });
  });
  afterAll(async () => server.close());

  it('a block stands between two accounts whoever blocked whom, and unblocking lifts it', async () => {
    expect(await isBlockedEitherWay(server.db, alice.account.id, bob.account.id)).toBe(false);
    const blockId = await insertBlock(server.db, alice.account.id, bob.account.id);
    // idempotent: blocking again keeps the one block
    expect(await insertBlock(server.db, alice.account.id, bob.account.id)).toBe(blockId);
    expect(await isBlockedEitherWay(server.db, alice.account.id, bob.account.id)).toBe(true);
    expect(await isBlockedEitherWay(server.db, bob.account.id, alice.account.id)).toBe(true);
    expect(await blocksBetween(server.db, bob.account.id, alice.account.id)).toEqual({
      aBlocksB: false,
      bBlocksA: true,
    });
    expect([
      ...(await blockedEitherWayAmong(server.db, bob.account.id, [alice.account.id, carol.account.id])),
    ]).toEqual([alice.account.id]);
    expect(await deleteBlock(server.db, alice.account.id, bob.account.id)).toBe(blockId);
    expect(await deleteBlock(server.db, alice.account.id, bob.account.id)).toBeUndefined();
    expect(await isBlockedEitherWay(server.db, bob.account.id, alice.account.id)).toBe(false);
  });

  it('a mute counts until it expires; the directory’s list keeps expired ones, as it always did', async () => {
    const past = new Date(Date.now() - 60_000).toISOString();
    await upsertMute(server.db, alice.account.id, bob.account.id, {
      hide_notifications: 1,
      expires_at: null,
    });
    await upsertMute(server.db, alice.account.id, carol.account.id, {
      hide_notifications: 0,
      expires_at: past,
    });
    const active = await activeMutesAmong(server.db, alice.account.id, [bob.account.id, carol.account.id]);
    expect(active).toEqual([{ target_account_id: bob.account.id, hide_notifications: 1 }]);
    const everIds = (
      await server.db
        .selectFrom('accounts')
        .select('id')
        .where('id', 'in', mutedIdsEverOf(alice.account.id))
        .execute()
    )
      .map((row) => row.id)
      .sort();
    expect(everIds).toEqual([bob.account.id, carol.account.id].sort());
  });

  it('a block of an account’s server counts for that account, on any port', async () => {
    expect(await blocksAccountOrDomain(server.db, carol.account.id, remote.account)).toBe(false);
    await insertDomainBlock(server.db, carol.account.id, 'remote.test');
    expect(await blocksAccountOrDomain(server.db, carol.account.id, remote.account)).toBe(true);
    // a local account has no server to block
    expect(await blocksAccountOrDomain(server.db, carol.account.id, alice.account)).toBe(false);
  });

  it('names the follow an Undo would, else the pending request, else nothing', async () => {
    expect(await followOrRequestId(server.db, bob.account.id, carol.account.id)).toBeNull();
    const requestId = newId();
    await insertFollowRequest(server.db, {
      id: requestId,
      requesterId: bob.account.id,
      targetId: carol.account.id,
      show_reblogs: 1,
      notify: 0,
    });
    expect(await followOrRequestId(server.db, bob.account.id, carol.account.id)).toBe(requestId);
    const followId = newId();
    const follow = { id: followId, followerId: bob.account.id, targetId: carol.account.id };
    expect(await insertFollow(server.db, { ...follow, show_reblogs: 1, notify: 0 })).toBe(true);
    expect(await insertFollow(server.db, { ...follow, id: newId(), show_reblogs: 1, notify: 0 })).toBe(false);
    expect(await followOrRequestId(server.db, bob.account.id, carol.account.id)).toBe(followId);
    expect(await isFollowing(server.db, bob.account.id, carol.account.id)).toBe(true);
    expect(await isFollowing(server.db, carol.account.id, bob.account.id)).toBe(false);
    expect(await deleteFollow(server.db, bob.account.id, carol.account.id)).toBe(true);
    expect(await deleteFollow(server.db, bob.account.id, carol.account.id)).toBe(false);
  });
});
