import { expressionBuilder, sql, type Expression } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { Database } from '../db/schema.js';

/**
 * The relationship tables' parts of larger statements (timelines, visibility, search, directory …): conditions
 * and sub-queries that keep those statements whole (one round trip, the same plans) while the tables stay owned
 * by the relationships module. Nothing here runs a query; store.ts runs them.
 */

/** A mute counts until its expiry (none: until undone). */
export function muteIsActive(now: string) {
  const eb = expressionBuilder<Database, 'mutes'>();
  return eb.or([eb('mutes.expires_at', 'is', null), eb('mutes.expires_at', '>', now)]);
}

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
