import type { Relationship } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';
import { onServerBlockedBy } from './domain-block-rule.js';

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
  let query = db.selectFrom('accounts').select('id').where('id', 'in', ids);
  if (!withSuspended) query = query.where('suspended_at', 'is', null);
  const found = new Set((await query.execute()).map((row) => row.id));
  return ids.filter((id) => found.has(id));
}

/** Mastodon Relationship entities between `viewerId` and each target, in the order asked. */
export async function loadRelationships(
  db: DbOrTx,
  viewerId: string,
  targetIds: string[],
): Promise<Relationship[]> {
  if (targetIds.length === 0) return [];
  const now = nowIso();
  const [
    following,
    followedBy,
    requested,
    requestedBy,
    blocking,
    blockedBy,
    muting,
    endorsing,
    notes,
    onBlockedServers,
  ] = await Promise.all([
    db
      .selectFrom('follows')
      .select(['target_account_id', 'show_reblogs', 'notify'])
      .where('account_id', '=', viewerId)
      .where('target_account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('follows')
      .select('account_id')
      .where('target_account_id', '=', viewerId)
      .where('account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('follow_requests')
      .select('target_account_id')
      .where('account_id', '=', viewerId)
      .where('target_account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('follow_requests')
      .select('account_id')
      .where('target_account_id', '=', viewerId)
      .where('account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('blocks')
      .select('target_account_id')
      .where('account_id', '=', viewerId)
      .where('target_account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('blocks')
      .select('account_id')
      .where('target_account_id', '=', viewerId)
      .where('account_id', 'in', targetIds)
      .execute(),
    db
      .selectFrom('mutes')
      .select(['target_account_id', 'hide_notifications'])
      .where('account_id', '=', viewerId)
      .where('target_account_id', 'in', targetIds)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
      .execute(),
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
    db
      .selectFrom('accounts')
      .select('id')
      .where('id', 'in', targetIds)
      .where(onServerBlockedBy(viewerId, 'accounts.id'))
      .execute(),
  ]);
  const noteOf = new Map(notes.map((row) => [row.target_account_id, row.comment]));
  const endorsedSet = new Set(endorsing.map((row) => row.target_account_id));
  const followMap = new Map(following.map((row) => [row.target_account_id, row]));
  const followedBySet = new Set(followedBy.map((row) => row.account_id));
  const requestedSet = new Set(requested.map((row) => row.target_account_id));
  const requestedBySet = new Set(requestedBy.map((row) => row.account_id));
  const blockingSet = new Set(blocking.map((row) => row.target_account_id));
  const blockedBySet = new Set(blockedBy.map((row) => row.account_id));
  const muteMap = new Map(muting.map((row) => [row.target_account_id, row]));
  const domainBlockingSet = new Set(onBlockedServers.map((row) => row.id));
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
