import type { Relationship } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import {
  activeMutesAmong,
  blockedAmong,
  blockersAmong,
  followersAmong,
  followsTo,
  requestedAmong,
  requestersAmong,
} from './store.js';
import { existingAccountIdsAmong, idsOnServersBlockedBy } from '../accounts/store.js';

/**
 * Of `ids`, in the order asked, those naming an account, as Mastodon's GET /api/v1/accounts/relationships: unknown
 * ids are left out, and suspended accounts too unless `withSuspended` (Mastodon 4.3).
 */
export async function relationshipTargets(
  db: DbOrTx,
  ids: string[],
  { withSuspended }: { withSuspended: boolean },
): Promise<string[]> {
  if (ids.length === 0) return [];
  const found = new Set(await existingAccountIdsAmong(db, ids, { withSuspended }));
  return ids.filter((id) => found.has(id));
}

/** Mastodon Relationship entities between `viewerId` and each target, in the order asked. */
export async function loadRelationships(
  db: DbOrTx,
  viewerId: string,
  targetIds: string[],
): Promise<Relationship[]> {
  if (targetIds.length === 0) return [];
  const [
    following,
    followedBySet,
    requestedSet,
    requestedBySet,
    blockingSet,
    blockedBySet,
    muting,
    endorsing,
    notes,
    onBlockedServers,
  ] = await Promise.all([
    followsTo(db, viewerId, targetIds),
    followersAmong(db, viewerId, targetIds),
    requestedAmong(db, viewerId, targetIds),
    requestersAmong(db, viewerId, targetIds),
    blockedAmong(db, viewerId, targetIds),
    blockersAmong(db, viewerId, targetIds),
    activeMutesAmong(db, viewerId, targetIds),
    db
      .selectFrom('endorsements')
      .select('target_account_id')
      .where('account_id', '=', viewerId)
      .where('target_account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('account_notes')
      .select(['target_account_id', 'comment'])
      .where('account_id', '=', viewerId)
      .where('target_account_id', 'in', targetIds)
      .execute(),
    idsOnServersBlockedBy(db, viewerId, targetIds),
  ]);
  const noteOf = new Map(notes.map((row) => [row.target_account_id, row.comment]));
  const endorsedSet = new Set(endorsing.map((row) => row.target_account_id));
  const followMap = new Map(following.map((row) => [row.target_account_id, row]));
  const muteMap = new Map(muting.map((row) => [row.target_account_id, row]));
  const domainBlockingSet = new Set(onBlockedServers);
  return targetIds.map((id) => {
    const follow = followMap.get(id);
    const mute = muteMap.get(id);
    return {
      id,
      following: Boolean(follow),
      showing_reblogs: follow ? follow.show_reblogs === 1 : false,
      notifying: follow ? follow.notify === 1 : false,
      languages: null,
      followed_by: followedBySet.has(id),
      blocking: blockingSet.has(id),
      blocked_by: blockedBySet.has(id),
      muting: Boolean(mute),
      muting_notifications: mute ? mute.hide_notifications === 1 : false,
      requested: requestedSet.has(id),
      requested_by: requestedBySet.has(id),
      domain_blocking: domainBlockingSet.has(id),
      endorsed: endorsedSet.has(id),
      note: noteOf.get(id) ?? '',
    };
  });
}

export async function loadRelationship(
  db: DbOrTx,
  viewerId: string,
  targetId: string,
): Promise<Relationship> {
  const [relationship] = await loadRelationships(db, viewerId, [targetId]);
  if (!relationship) throw new Error('unreachable: one relationship per target');
  return relationship;
}
