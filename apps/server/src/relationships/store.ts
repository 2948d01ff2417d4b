import type { DbOrTx } from '../db/index.js';
import type { Bool } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { muteIsActive } from './conditions.js';

/**
 * The one owner of the social graph's tables: `follows`, `follow_requests`, `blocks`, `mutes` and a user's
 * `domain_blocks`. Every other module reads and writes them through these functions, and each rule (blocked
 * either way, muted until it expires, follows …) is defined here once. Statements of other modules that need these
 * tables inside them take their parts from conditions.ts; the API's pages of them come from listings.ts.
 */

export interface FollowOptionRow {
  show_reblogs: Bool;
  notify: Bool;
}

export type FollowOptionChanges = Partial<FollowOptionRow>;

// ---- follows ----

export async function findFollow(db: DbOrTx, followerId: string, targetId: string) {
  return db
    .selectFrom('follows')
    .select(['id', 'show_reblogs', 'notify'])
    .where('account_id', '=', followerId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirst();
}

export async function isFollowing(db: DbOrTx, followerId: string, targetId: string): Promise<boolean> {
  return (await findFollow(db, followerId, targetId)) !== undefined;
}

/** Of `targetIds`, those `followerId` follows, with the follow's options. */
export async function followsTo(db: DbOrTx, followerId: string, targetIds: readonly string[]) {
  if (targetIds.length === 0) return [];
  return db
    .selectFrom('follows')
    .select(['target_account_id', 'show_reblogs', 'notify'])
    .where('account_id', '=', followerId)
    .where('target_account_id', 'in', [...targetIds])
    .execute();
}

/** Of `followerIds`, those following `targetId`. */
export async function followersAmong(
  db: DbOrTx,
  targetId: string,
  followerIds: readonly string[],
): Promise<Set<string>> {
  if (followerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follows')
    .select('account_id')
    .where('target_account_id', '=', targetId)
    .where('account_id', 'in', [...followerIds])
    .execute();
  return new Set(rows.map((row) => row.account_id));
}

/** Every follower of `targetId`, with whether it shows `targetId`'s boosts. */
export async function followersWithReblogOption(db: DbOrTx, targetId: string) {
  return db
    .selectFrom('follows')
    .select(['account_id', 'show_reblogs'])
    .where('target_account_id', '=', targetId)
    .execute();
}

/** Every account `followerId` follows. */
export async function followedIds(db: DbOrTx, followerId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('follows')
    .select('target_account_id')
    .where('account_id', '=', followerId)
    .execute();
  return rows.map((row) => row.target_account_id);
}

/** The accounts' side of `follows.<column>`, on `domain`, its subdomains, or `domain` on another port. */
function followsWithAccountsOn(
  db: DbOrTx,
  column: 'follows.account_id' | 'follows.target_account_id',
  domain: string,
) {
  return (
    db
      .selectFrom('follows')
      .innerJoin('accounts', 'accounts.id', column)
      .selectAll('accounts')
      // an acct names host:port when the domain runs on another port
      .where((eb) =>
        eb.or([
          eb('accounts.domain', '=', domain),
          eb('accounts.domain', 'like', `%.${domain}`),
          eb('accounts.domain', 'like', `${domain}:%`),
        ]),
      )
  );
}

/** The followers of `accountId` on `domain` (its subdomains and ports included). */
export async function followersOnDomain(db: DbOrTx, accountId: string, domain: string) {
  return followsWithAccountsOn(db, 'follows.account_id', domain)
    .where('follows.target_account_id', '=', accountId)
    .execute();
}

/** The accounts on `domain` (its subdomains and ports included) that `accountId` follows. */
export async function followedOnDomain(db: DbOrTx, accountId: string, domain: string) {
  return followsWithAccountsOn(db, 'follows.target_account_id', domain)
    .where('follows.account_id', '=', accountId)
    .execute();
}

/** Inserts the follow; false when it already existed. */
export async function insertFollow(
  db: DbOrTx,
  follow: { id: string; followerId: string; targetId: string } & FollowOptionRow,
): Promise<boolean> {
  const inserted = await db
    .insertInto('follows')
    .values({
      id: follow.id,
      account_id: follow.followerId,
      target_account_id: follow.targetId,
      show_reblogs: follow.show_reblogs,
      notify: follow.notify,
      created_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function updateFollowOptions(
  db: DbOrTx,
  id: string,
  changes: FollowOptionChanges,
): Promise<void> {
  await db.updateTable('follows').set(changes).where('id', '=', id).execute();
}

/** Deletes the follow; false when there was none. */
export async function deleteFollow(db: DbOrTx, followerId: string, targetId: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('follows')
    .where('account_id', '=', followerId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

// ---- follow requests ----

export async function findFollowRequest(db: DbOrTx, requesterId: string, targetId: string) {
  return db
    .selectFrom('follow_requests')
    .select('id')
    .where('account_id', '=', requesterId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirst();
}

/**
 * The id of the follow, or else of the follow request, from `followerId` to `targetId` (what an Undo(Follow)
 * names), or null when there is neither.
 */
export async function followOrRequestId(
  db: DbOrTx,
  followerId: string,
  targetId: string,
): Promise<string | null> {
  const follow = await findFollow(db, followerId, targetId);
  if (follow) return follow.id;
  return (await findFollowRequest(db, followerId, targetId))?.id ?? null;
}

/** Of `targetIds`, those `requesterId` asked to follow. */
export async function requestedAmong(
  db: DbOrTx,
  requesterId: string,
  targetIds: readonly string[],
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follow_requests')
    .select('target_account_id')
    .where('account_id', '=', requesterId)
    .where('target_account_id', 'in', [...targetIds])
    .execute();
  return new Set(rows.map((row) => row.target_account_id));
}

/** Of `requesterIds`, those asking to follow `targetId`. */
export async function requestersAmong(
  db: DbOrTx,
  targetId: string,
  requesterIds: readonly string[],
): Promise<Set<string>> {
  if (requesterIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('follow_requests')
    .select('account_id')
    .where('target_account_id', '=', targetId)
    .where('account_id', 'in', [...requesterIds])
    .execute();
  return new Set(rows.map((row) => row.account_id));
}

export async function pendingFollowRequestCount(db: DbOrTx, targetId: string): Promise<number> {
  const row = await db
    .selectFrom('follow_requests')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('target_account_id', '=', targetId)
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

/** The pending requests to follow `targetId` (only `requesterId`'s when given). */
export async function pendingFollowRequests(db: DbOrTx, targetId: string, requesterId?: string) {
  let pending = db.selectFrom('follow_requests').selectAll().where('target_account_id', '=', targetId);
  if (requesterId) pending = pending.where('account_id', '=', requesterId);
  return pending.execute();
}

/** Inserts the request; false when it already existed. */
export async function insertFollowRequest(
  db: DbOrTx,
  request: { id: string; requesterId: string; targetId: string } & FollowOptionRow,
): Promise<boolean> {
  const inserted = await db
    .insertInto('follow_requests')
    .values({
      id: request.id,
      account_id: request.requesterId,
      target_account_id: request.targetId,
      created_at: nowIso(),
      show_reblogs: request.show_reblogs,
      notify: request.notify,
    })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function updateFollowRequestOptions(
  db: DbOrTx,
  id: string,
  changes: FollowOptionChanges,
): Promise<void> {
  await db.updateTable('follow_requests').set(changes).where('id', '=', id).execute();
}

export async function deleteFollowRequestById(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('follow_requests').where('id', '=', id).execute();
}

/** Deletes the request; false when there was none. */
export async function deleteFollowRequest(
  db: DbOrTx,
  requesterId: string,
  targetId: string,
): Promise<boolean> {
  const removed = await db
    .deleteFrom('follow_requests')
    .where('account_id', '=', requesterId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

// ---- blocks ----

export async function isBlocking(db: DbOrTx, blockerId: string, blockedId: string): Promise<boolean> {
  const row = await db
    .selectFrom('blocks')
    .select('id')
    .where('account_id', '=', blockerId)
    .where('target_account_id', '=', blockedId)
    .executeTakeFirst();
  return row !== undefined;
}

/** Which of the two blocked the other (both may have). */
export async function blocksBetween(
  db: DbOrTx,
  a: string,
  b: string,
): Promise<{ aBlocksB: boolean; bBlocksA: boolean }> {
  const rows = await db
    .selectFrom('blocks')
    .select('account_id')
    .where((eb) =>
      eb.or([
        eb.and([eb('account_id', '=', a), eb('target_account_id', '=', b)]),
        eb.and([eb('account_id', '=', b), eb('target_account_id', '=', a)]),
      ]),
    )
    .execute();
  return {
    aBlocksB: rows.some((row) => row.account_id === a),
    bBlocksA: rows.some((row) => row.account_id === b),
  };
}

/** The rule "a block stands between the two accounts, whoever blocked whom". */
export async function isBlockedEitherWay(db: DbOrTx, a: string, b: string): Promise<boolean> {
  return (await blockedEitherWayAmong(db, a, [b])).size > 0;
}

/** Accounts among `others` with a block between them and `accountId`, whoever blocked whom. */
export async function blockedEitherWayAmong(
  db: DbOrTx,
  accountId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select(['account_id', 'target_account_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('account_id', '=', accountId), eb('target_account_id', 'in', [...others])]),
        eb.and([eb('target_account_id', '=', accountId), eb('account_id', 'in', [...others])]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => (row.account_id === accountId ? row.target_account_id : row.account_id)));
}

/** Of `targetIds`, those `blockerId` blocked. */
export async function blockedAmong(
  db: DbOrTx,
  blockerId: string,
  targetIds: readonly string[],
): Promise<Set<string>> {
  if (targetIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select('target_account_id')
    .where('account_id', '=', blockerId)
    .where('target_account_id', 'in', [...targetIds])
    .execute();
  return new Set(rows.map((row) => row.target_account_id));
}

/** Of `blockerIds`, those that blocked `blockedId`. */
export async function blockersAmong(
  db: DbOrTx,
  blockedId: string,
  blockerIds: readonly string[],
): Promise<Set<string>> {
  if (blockerIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select('account_id')
    .where('target_account_id', '=', blockedId)
    .where('account_id', 'in', [...blockerIds])
    .execute();
  return new Set(rows.map((row) => row.account_id));
}

/** Blocks `targetId` (idempotent) and answers the block's id. */
export async function insertBlock(db: DbOrTx, blockerId: string, targetId: string): Promise<string> {
  await db
    .insertInto('blocks')
    .values({ id: newId(), account_id: blockerId, target_account_id: targetId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
    .execute();
  const block = await db
    .selectFrom('blocks')
    .select('id')
    .where('account_id', '=', blockerId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirstOrThrow();
  return block.id;
}

/** Deletes the block and answers its id, or undefined when there was none. */
export async function deleteBlock(
  db: DbOrTx,
  blockerId: string,
  targetId: string,
): Promise<string | undefined> {
  const block = await db
    .deleteFrom('blocks')
    .where('account_id', '=', blockerId)
    .where('target_account_id', '=', targetId)
    .returning('id')
    .executeTakeFirst();
  return block?.id;
}

// ---- mutes ----

/** Of `targetIds`, those `muterId` mutes now, with whether notifications are hidden too. */
export async function activeMutesAmong(db: DbOrTx, muterId: string, targetIds: readonly string[]) {
  if (targetIds.length === 0) return [];
  return db
    .selectFrom('mutes')
    .select(['target_account_id', 'hide_notifications'])
    .where('account_id', '=', muterId)
    .where('target_account_id', 'in', [...targetIds])
    .where(muteIsActive(nowIso()))
    .execute();
}

/** Mutes (or re-mutes with new options) `targetId` until `expiresAt` (null: until undone). */
export async function upsertMute(
  db: DbOrTx,
  muterId: string,
  targetId: string,
  mute: { hide_notifications: Bool; expires_at: string | null },
): Promise<void> {
  await db
    .insertInto('mutes')
    .values({
      id: newId(),
      account_id: muterId,
      target_account_id: targetId,
      hide_notifications: mute.hide_notifications,
      expires_at: mute.expires_at,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'target_account_id'])
        .doUpdateSet({ hide_notifications: mute.hide_notifications, expires_at: mute.expires_at }),
    )
    .execute();
}

export async function deleteMute(db: DbOrTx, muterId: string, targetId: string): Promise<void> {
  await db
    .deleteFrom('mutes')
    .where('account_id', '=', muterId)
    .where('target_account_id', '=', targetId)
    .execute();
}

// ---- blocks and mutes together: who must not see whom ----

/** Accounts whose statuses `accountId` must not see on shared streams: blocked, muted, or blocking them. */
export async function accountsSilencedFor(db: DbOrTx, accountId: string): Promise<Set<string>> {
  const now = nowIso();
  const [blocks, blockedBy, mutes] = await Promise.all([
    db.selectFrom('blocks').select('target_account_id as id').where('account_id', '=', accountId).execute(),
    db.selectFrom('blocks').select('account_id as id').where('target_account_id', '=', accountId).execute(),
    db
      .selectFrom('mutes')
      .select('target_account_id as id')
      .where('account_id', '=', accountId)
      .where(muteIsActive(now))
      .execute(),
  ]);
  return new Set([...blocks, ...blockedBy, ...mutes].map((row) => row.id));
}

/** Accounts that must not receive statuses by `authorIds`: blocked by them, blocking or muting them (one statement). */
export async function accountsSilencing(db: DbOrTx, authorIds: readonly string[]): Promise<Set<string>> {
  const now = nowIso();
  const rows = await db
    .selectFrom('blocks')
    .select('target_account_id as id')
    .where('account_id', 'in', [...authorIds])
    .unionAll(
      db
        .selectFrom('blocks')
        .select('account_id as id')
        .where('target_account_id', 'in', [...authorIds]),
    )
    .unionAll(
      db
        .selectFrom('mutes')
        .select('account_id as id')
        .where('target_account_id', 'in', [...authorIds])
        .where(muteIsActive(now)),
    )
    .execute();
  return new Set(rows.map((row) => row.id));
}

/**
 * Whether `recipientId` keeps `senderId`'s notifications out: blocks the sender or its server, or mutes it with
 * notifications hidden (one statement: it runs for every notification recorded). The mute's expiry is not read
 * here, as it never was.
 */
export async function silencesNotificationsFrom(
  db: DbOrTx,
  recipientId: string,
  senderId: string,
): Promise<boolean> {
  const silenced = await db
    .selectFrom('blocks')
    .select('id')
    .where('account_id', '=', recipientId)
    .where('target_account_id', '=', senderId)
    .unionAll(
      db
        .selectFrom('mutes')
        .select('id')
        .where('account_id', '=', recipientId)
        .where('target_account_id', '=', senderId)
        .where('hide_notifications', '=', 1),
    )
    .unionAll(
      db
        .selectFrom('domain_blocks')
        .innerJoin('accounts as sender', 'sender.domain', 'domain_blocks.domain')
        .select('domain_blocks.id')
        .where('domain_blocks.account_id', '=', recipientId)
        .where('sender.id', '=', senderId),
    )
    .executeTakeFirst();
  return silenced !== undefined;
}

// ---- a user's domain blocks ----

/** Whether `accountId` blocked one of `domains`. */
export async function blocksAnyDomain(
  db: DbOrTx,
  accountId: string,
  domains: readonly string[],
): Promise<boolean> {
  if (domains.length === 0) return false;
  const row = await db
    .selectFrom('domain_blocks')
    .select('id')
    .where('account_id', '=', accountId)
    .where('domain', 'in', [...domains])
    .executeTakeFirst();
  return row !== undefined;
}

/** Whether `blockerId` blocks `blocked`, or blocks its whole domain (users block host names: no port). */
export async function blocksAccountOrDomain(
  db: DbOrTx,
  blockerId: string,
  blocked: { id: string; domain?: string | null | undefined },
): Promise<boolean> {
  if (await isBlocking(db, blockerId, blocked.id)) return true;
  if (!blocked.domain) return false;
  return blocksAnyDomain(db, blockerId, [blocked.domain, blocked.domain.replace(/:\d+$/, '')]);
}

export async function insertDomainBlock(db: DbOrTx, accountId: string, domain: string): Promise<void> {
  await db
    .insertInto('domain_blocks')
    .values({ id: newId(), account_id: accountId, domain, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'domain']).doNothing())
    .execute();
}

export async function deleteDomainBlock(db: DbOrTx, accountId: string, domain: string): Promise<void> {
  await db
    .deleteFrom('domain_blocks')
    .where('account_id', '=', accountId)
    .where('domain', '=', domain)
    .execute();
}

// ---- an account's follows and blocks as a whole: anniversaries, moves, a deleted actor ----

/** When each follow of `accountId` made in [`from`, `to`) was made. */
export async function followDatesOf(
  db: DbOrTx,
  accountId: string,
  from: string,
  to: string,
): Promise<string[]> {
  const rows = await db
    .selectFrom('follows')
    .select('created_at')
    .where('target_account_id', '=', accountId)
    .where('created_at', '>=', from)
    .where('created_at', '<', to)
    .execute();
  return rows.map((row) => row.created_at);
}

/** The follows `accountId` made or received, both ways. */
export async function followsInvolving(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('follows')
    .select(['account_id', 'target_account_id'])
    .where((eb) => eb.or([eb('account_id', '=', accountId), eb('target_account_id', '=', accountId)]))
    .execute();
}

/** Drops the follow requests `accountId` made or received. */
export async function deleteFollowRequestsInvolving(db: DbOrTx, accountId: string): Promise<void> {
  await db.deleteFrom('follow_requests').where('account_id', '=', accountId).execute();
  await db.deleteFrom('follow_requests').where('target_account_id', '=', accountId).execute();
}

/** The remote accounts that block `accountId`. */
export async function remoteAccountsBlocking(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('blocks')
    .innerJoin('accounts', 'accounts.id', 'blocks.account_id')
    .selectAll('accounts')
    .where('blocks.target_account_id', '=', accountId)
    .where('accounts.domain', 'is not', null)
    .execute();
}
