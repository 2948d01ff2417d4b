import { expressionBuilder, sql, type Expression } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { Bool, Database } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/**
 * The one owner of the social graph's tables: `follows`, `follow_requests`, `blocks`, `mutes` and a user's
 * `domain_blocks`. Every other module reads and writes them through these functions, and each rule (blocked
 * either way, muted until it expires, follows …) is defined here once.
 */

export interface FollowOptionRow {
  show_reblogs: Bool;
  notify: Bool;
}

export type FollowOptionChanges = Partial<FollowOptionRow>;

/** A mute counts until its expiry (none: until undone). */
function muteIsActive(now: string) {
  const eb = expressionBuilder<Database, 'mutes'>();
  return eb.or([eb('mutes.expires_at', 'is', null), eb('mutes.expires_at', '>', now)]);
}

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

// ---- conditions for larger statements (the tables stay owned here, the SQL stays one statement) ----

/**
 * The condition "the account in `accountColumn` is on a server `viewerId` blocked" (a user's domain block), for
 * the statements that hide such accounts' posts and notifications, as Mastodon does.
 */
export function onServerBlockedBy(viewerId: string, accountColumn: string) {
  const eb = expressionBuilder<Database, never>();
  return eb.exists(
    eb
      .selectFrom('domain_blocks')
      .innerJoin('accounts as blocked_account', 'blocked_account.domain', 'domain_blocks.domain')
      .select('domain_blocks.id')
      .where('domain_blocks.account_id', '=', viewerId)
      .where('blocked_account.id', '=', sql.ref<string>(accountColumn)),
  );
}

const subquery = () => expressionBuilder<Database, never>();

/** The ids `accountId` follows. */
export function followedIdsOf(accountId: string) {
  return subquery()
    .selectFrom('follows')
    .select('follows.target_account_id')
    .where('follows.account_id', '=', accountId);
}

/** The ids following `accountId`. */
export function followerIdsOf(accountId: string) {
  return subquery()
    .selectFrom('follows')
    .select('follows.account_id')
    .where('follows.target_account_id', '=', accountId);
}

/**
 * The row of `followerId`'s follow of the account in `accountColumn`: a correlated lookup in follows' (account,
 * target) index for each row read, not an `in (followed accounts)` list built whole per read.
 */
export function followOfColumn(followerId: string, accountColumn: string) {
  return subquery()
    .selectFrom('follows')
    .select('follows.id')
    .where('follows.account_id', '=', followerId)
    .where('follows.target_account_id', '=', sql.ref<string>(accountColumn));
}

/** The ids `accountId` asked to follow. */
export function requestedIdsOf(accountId: string) {
  return subquery()
    .selectFrom('follow_requests')
    .select('follow_requests.target_account_id')
    .where('follow_requests.account_id', '=', accountId);
}

/** The row of a block by the account in `blockerColumn` of `blockedId`. */
export function blockByColumn(blockerColumn: string, blockedId: string) {
  return subquery()
    .selectFrom('blocks')
    .select('blocks.id')
    .where('blocks.account_id', '=', sql.ref<string>(blockerColumn))
    .where('blocks.target_account_id', '=', blockedId);
}

/** The row of `muterId`'s mute of the account in `accountColumn`, while it lasts (`now`: the read's time). */
export function activeMuteOfColumn(muterId: string, accountColumn: string, now: string) {
  return subquery()
    .selectFrom('mutes')
    .select('mutes.id')
    .where('mutes.account_id', '=', muterId)
    .where('mutes.target_account_id', '=', sql.ref<string>(accountColumn))
    .where(muteIsActive(now));
}

/**
 * Whether `viewer` blocks anyone, is blocked by anyone, mutes anyone, blocked a domain: the relations statement
 * (statuses/viewer-relations.ts) skips the rules that cannot apply. `viewer` may be a column of that statement.
 */
export function viewerHasRelations(viewer: Expression<string>) {
  const eb = subquery();
  return {
    blocks: eb.exists(eb.selectFrom('blocks').select('id').where('account_id', '=', viewer)),
    blockedBy: eb.exists(eb.selectFrom('blocks').select('id').where('target_account_id', '=', viewer)),
    mutes: eb.exists(eb.selectFrom('mutes').select('id').where('account_id', '=', viewer)),
    domainBlocks: eb.exists(eb.selectFrom('domain_blocks').select('id').where('account_id', '=', viewer)),
  };
}

/** The ids `accountId` blocks. */
export function blockedIdsOf(accountId: string) {
  return subquery()
    .selectFrom('blocks')
    .select('blocks.target_account_id')
    .where('blocks.account_id', '=', accountId);
}

/** The ids blocking `accountId`. */
export function blockerIdsOf(accountId: string) {
  return subquery()
    .selectFrom('blocks')
    .select('blocks.account_id')
    .where('blocks.target_account_id', '=', accountId);
}

/** The row of `blockerId`'s block of the account in `accountColumn`. */
export function blockOfColumn(blockerId: string, accountColumn: string) {
  return subquery()
    .selectFrom('blocks')
    .select('blocks.id')
    .where('blocks.account_id', '=', blockerId)
    .where('blocks.target_account_id', '=', sql.ref<string>(accountColumn));
}

/**
 * The ids `accountId` ever muted, expired mutes included: what the directory and follow suggestions leave out
 * (unlike the relationship and the timelines, which honour the expiry).
 */
export function mutedIdsEverOf(accountId: string) {
  return subquery()
    .selectFrom('mutes')
    .select('mutes.target_account_id')
    .where('mutes.account_id', '=', accountId);
}

/** The domains `accountId` blocked. */
export function blockedDomainsOf(accountId: string) {
  return subquery()
    .selectFrom('domain_blocks')
    .select('domain_blocks.domain')
    .where('domain_blocks.account_id', '=', accountId);
}

// ---- follows joined with the accounts on one side, for the callers to narrow by the accounts' columns ----

/** Follows of `accountId` (`followers`: joined with the followers) or by it (`following`: with the followed). */
export function followsWithAccounts(db: DbOrTx, accountId: string, direction: 'followers' | 'following') {
  const [ownSide, otherSide] =
    direction === 'followers'
      ? (['follows.target_account_id', 'follows.account_id'] as const)
      : (['follows.account_id', 'follows.target_account_id'] as const);
  return db
    .selectFrom('follows')
    .innerJoin('accounts', 'accounts.id', otherSide)
    .where(ownSide, '=', accountId);
}

/** Follows made from `from` to `to` (inclusive) of the accounts on `domain`, with the followed account. */
export function followsReceivedOnDomain(db: DbOrTx, domain: string, from: string, to: string) {
  return db
    .selectFrom('follows')
    .innerJoin('accounts', 'accounts.id', 'follows.target_account_id')
    .where('accounts.domain', '=', domain)
    .where('follows.created_at', '>=', from)
    .where('follows.created_at', '<=', to);
}

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

/** The condition "a local account follows the account in `accountColumn`". */
export function hasLocalFollowerColumn(accountColumn: string) {
  const eb = subquery();
  return eb.exists(
    eb
      .selectFrom('follows')
      .innerJoin('accounts as followers', 'followers.id', 'follows.account_id')
      .select('follows.id')
      .where('follows.target_account_id', '=', sql.ref<string>(accountColumn))
      .where('followers.domain', 'is', null),
  );
}

// ---- listings the API pages through (newest first by the row's id, `cursor`) ----

/** The approved accounts following `accountId` (`followers`) or followed by it (`following`). */
export function followListing(db: DbOrTx, accountId: string, direction: 'followers' | 'following') {
  return followsWithAccounts(db, accountId, direction)
    .selectAll('accounts')
    .select('follows.id as cursor')
    .where('accounts.approved', '=', 1);
}
export const FOLLOW_LISTING_CURSOR = 'follows.id';

/** The accounts asking to follow `accountId`. */
export function followRequestListing(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('follow_requests')
    .innerJoin('accounts', 'accounts.id', 'follow_requests.account_id')
    .selectAll('accounts')
    .select('follow_requests.id as cursor')
    .where('follow_requests.target_account_id', '=', accountId);
}
export const FOLLOW_REQUEST_LISTING_CURSOR = 'follow_requests.id';

/** The accounts `accountId` blocks. */
export function blockListing(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('blocks')
    .innerJoin('accounts', 'accounts.id', 'blocks.target_account_id')
    .selectAll('accounts')
    .select('blocks.id as cursor')
    .where('blocks.account_id', '=', accountId);
}

/** The accounts `accountId` mutes now. */
export function muteListing(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('mutes')
    .innerJoin('accounts', 'accounts.id', 'mutes.target_account_id')
    .selectAll('accounts')
    .select('mutes.id as cursor')
    .where('mutes.account_id', '=', accountId)
    .where(muteIsActive(nowIso()));
}

/** The domains `accountId` blocked, with the row id to page by (`domain_blocks.id`). */
export function domainBlockListing(db: DbOrTx, accountId: string) {
  return db.selectFrom('domain_blocks').select(['id', 'domain']).where('account_id', '=', accountId);
}

/** The approved accounts `viewerId` follows that follow one of `ids`, with which one (`familiar_of`), by id. */
export async function familiarFollowersOf(db: DbOrTx, viewerId: string, ids: readonly string[]) {
  return db
    .selectFrom('follows as theirs')
    .innerJoin('follows as mine', 'mine.target_account_id', 'theirs.account_id')
    .innerJoin('accounts', 'accounts.id', 'theirs.account_id')
    .selectAll('accounts')
    .select('theirs.target_account_id as familiar_of')
    .where('theirs.target_account_id', 'in', [...ids])
    .where('mine.account_id', '=', viewerId)
    .where('accounts.approved', '=', 1)
    .orderBy('accounts.id')
    .execute();
}
