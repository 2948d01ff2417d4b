import type { AccountRow } from '../../auth/viewer.js';
import type { DomainEvents } from '../../events/domain-events.js';
import { answerRemoteFollow, markAccepted } from '../inbox/follows.js';
import { federateBlock, federateFollow, federateUnblock, federateUnfollow } from './relationships.js';

/** A remote account's follow of a local one: its server is answered. */
const answersRemoteFollower = (follower: AccountRow, target: AccountRow) =>
  Boolean(follower.domain) && !target.domain;

/**
 * Follows and blocks reach the other side's server: a local account's Follow, Undo(Follow), Block and
 * Undo(Block) of a remote one (send.ts sends nothing for a remote actor's, which came from its server), and
 * the Accept or Reject of a remote account's follow of a local one.
 */
export function subscribeRelationshipFederation(events: DomainEvents): void {
  events.subscribe('FollowRequested', ({ follower, target, requestId }, ctx) =>
    federateFollow(ctx, follower, target, requestId),
  );
  events.subscribe('Followed', async ({ follower, target }, ctx) => {
    if (!answersRemoteFollower(follower, target)) return;
    // a repeated Follow is answered again at most once a day (inbox/follows.ts)
    await markAccepted(ctx, follower.id, target.id);
    await answerRemoteFollow(ctx, target, follower, 'accept');
  });
  events.subscribe('FollowAccepted', async ({ follower, target }, ctx) => {
    if (answersRemoteFollower(follower, target)) await answerRemoteFollow(ctx, target, follower, 'accept');
  });
  events.subscribe('FollowRejected', async ({ follower, target }, ctx) => {
    if (answersRemoteFollower(follower, target)) await answerRemoteFollow(ctx, target, follower, 'reject');
  });
  events.subscribe('Unfollowed', ({ follower, target, followId }, ctx) =>
    federateUnfollow(ctx, follower, target, followId),
  );
  events.subscribe('Blocked', ({ blocker, target, blockId, endedFollowId }, ctx) =>
    federateBlock(ctx, blocker, target, blockId, endedFollowId),
  );
  events.subscribe('Unblocked', ({ blocker, target, blockId }, ctx) =>
    federateUnblock(ctx, blocker, target, blockId),
  );
}
