import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';
import { followsWithAccounts, muteIsActive } from './conditions.js';

// The listings the API pages through (newest first by the row's id, `cursor`).

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
