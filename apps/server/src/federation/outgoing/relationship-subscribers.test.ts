import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { DomainEvents } from '../../events/domain-events.js';
import { emitCommitted } from '../../events/transaction.js';
import { subscribeRelationshipFederation } from './relationship-subscribers.js';

const sent = vi.hoisted(() => ({ calls: [] as string[] }));

vi.mock('../inbox/follows.js', () => ({
  answerRemoteFollow: (_ctx: unknown, local: AccountRow, remote: AccountRow, answer: string) =>
    void sent.calls.push(`${answer} ${remote.username} -> ${local.username}`),
  markAccepted: (_ctx: unknown, followerId: string) => void sent.calls.push(`mark ${followerId}`),
}));
vi.mock('./relationships.js', () => ({
  federateFollow: (_ctx: unknown, follower: AccountRow, target: AccountRow) =>
    void sent.calls.push(`follow ${follower.username} -> ${target.username}`),
  federateUnfollow: (_ctx: unknown, follower: AccountRow, target: AccountRow, id: string) =>
    void sent.calls.push(`unfollow ${follower.username} -> ${target.username} ${id}`),
  federateBlock: () => void sent.calls.push('block'),
  federateUnblock: () => void sent.calls.push('unblock'),
}));

const account = (username: string, domain: string | null) =>
  ({ id: `id-${username}`, username, domain }) as AccountRow;
const local = account('alice', null);
const otherLocal = account('carol', null);
const remote = account('bob', 'remote.example');

describe('relationship federation subscribers', () => {
  let ctx: AppContext;
  beforeEach(() => {
    sent.calls.length = 0;
    const events = new DomainEvents();
    subscribeRelationshipFederation(events);
    ctx = { events } as unknown as AppContext;
  });

  it("answer a remote account's follow of a local one, and only that", async () => {
    await emitCommitted(
      ctx,
      { type: 'Followed', follower: remote, target: local, followId: '1', notification: null },
      { type: 'Followed', follower: otherLocal, target: local, followId: '2', notification: null },
      { type: 'FollowAccepted', follower: remote, target: local, followId: '3' },
      // our follow of a remote account accepted by its server: nothing goes back
      { type: 'FollowAccepted', follower: local, target: remote, followId: '4' },
      { type: 'FollowRejected', follower: remote, target: local },
      { type: 'FollowRejected', follower: otherLocal, target: local },
    );
    expect(sent.calls).toEqual([
      'mark id-bob',
      'accept bob -> alice',
      'accept bob -> alice',
      'reject bob -> alice',
    ]);
  });

  it('hand follows, unfollows and blocks to the outgoing activities (which skip remote actors)', async () => {
    await emitCommitted(
      ctx,
      { type: 'FollowRequested', follower: local, target: remote, requestId: 'r', notification: null },
      { type: 'Unfollowed', follower: local, target: remote, followId: 'r' },
      { type: 'Blocked', blocker: local, target: remote, blockId: 'b', endedFollowId: null },
      { type: 'Unblocked', blocker: local, target: remote, blockId: 'b' },
    );
    expect(sent.calls).toEqual(['follow alice -> bob', 'unfollow alice -> bob r', 'block', 'unblock']);
  });
});
