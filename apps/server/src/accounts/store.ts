import type { ExpressionBuilder, SelectQueryBuilder } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { Database } from '../db/schema.js';
import { limitedAccount } from '../moderation/limited.js';
import { blockedDomainsOf, blockedIdsOf, blockerIdsOf, mutedIdsEverOf } from '../relationships/conditions.js';
import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';

/**
 * The one owner of the `accounts` table (local and remote accounts, their profile fields and counters). Every other
 * module reads and writes accounts through these functions.
 */

// ---- reads ----

export async function findAccountById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirst();
}

/** An account that must exist (a row another row points to). */
export async function getAccountById(db: DbOrTx, id: string): Promise<AccountRow> {
  return db.selectFrom('accounts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
}

/** The accounts of `ids` that exist, in no particular order. */
export async function findAccountsByIds(db: DbOrTx, ids: readonly string[]): Promise<AccountRow[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The account `account` moved to, if it moved. */
export async function findMovedToAccount(
  db: DbOrTx,
  account: Pick<AccountRow, 'moved_to_account_id'>,
): Promise<AccountRow | undefined> {
  return account.moved_to_account_id ? findAccountById(db, account.moved_to_account_id) : undefined;
}

/**
 * How many accounts are in use (approved, neither disabled nor suspended), of those only the ones active since
 * `activeSince` when given.
 */
export async function countActiveAccounts(db: DbOrTx, activeSince?: string) {
  return db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('approved', '=', 1)
    .where('disabled', '=', 0)
    .where('suspended_at', 'is', null)
    .$if(activeSince !== undefined, (q) => q.where('last_active_at', '>=', activeSince ?? ''))
    .executeTakeFirst();
}

/** Of `ids`, the accounts in use (approved, neither disabled nor suspended). */
export async function activeAccountIdsAmong(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', [...ids])
    .where('disabled', '=', 0)
    .where('approved', '=', 1)
    .where('suspended_at', 'is', null)
    .execute();
  return rows.map((row) => row.id);
}

/** The moderators and admins who can act (not disabled), but `exceptId`. */
export async function staffAccountIds(db: DbOrTx, exceptId: string): Promise<string[]> {
  const roles: AccountRow['role'][] = ['moderator', 'admin'];
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('role', 'in', roles)
    .where('disabled', '=', 0)
    .where('id', '!=', exceptId)
    .execute();
  return rows.map((row) => row.id);
}

export async function findAccountByUri(db: DbOrTx, uri: string): Promise<AccountRow | undefined> {
  return db.selectFrom('accounts').selectAll().where('uri', '=', uri).executeTakeFirst();
}

/** A local account by username (case-insensitive), whatever its state. */
export async function findLocalAccountByUsername(
  db: DbOrTx,
  username: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .where('domain', 'is', null)
    .executeTakeFirst();
}

export async function usernameOf(db: DbOrTx, id: string): Promise<string> {
  const row = await db
    .selectFrom('accounts')
    .select('username')
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return row.username;
}

/** The approved accounts of `ids`, in no particular order. */
export async function findApprovedAccountsByIds(db: DbOrTx, ids: readonly string[]): Promise<AccountRow[]> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('approved', '=', 1)
    .execute();
}

const notOnDomains =
  (domains: SelectQueryBuilder<Database, keyof Database, { domain: string }>) =>
  (eb: ExpressionBuilder<Database, 'accounts'>) =>
    eb.or([eb('domain', 'is', null), eb('domain', 'not in', domains)]);

export interface DirectoryOptions {
  order: 'active' | 'new';
  /** local accounts only */
  local?: boolean | undefined;
  offset: number;
  limit: number;
}

/**
 * A page of the profile directory: discoverable accounts that can be shown, recently active or new first. For a
 * signed-in viewer, none they block or mute, who blocks them, or on a server they block.
 */
export async function directoryPage(
  db: DbOrTx,
  viewerId: string | undefined,
  { order, local, offset, limit }: DirectoryOptions,
): Promise<AccountRow[]> {
  let query = db
    .selectFrom('accounts')
    .selectAll()
    .where('discoverable', '=', 1)
    .where('approved', '=', 1)
    .where('disabled', '=', 0)
    .where('moved_to_account_id', 'is', null)
    .where((eb) => eb.not(limitedAccount('accounts')))
    // as Mastodon's Account.discoverable: no account a moderator suspended, nor of a suspended server
    .where('suspended_at', 'is', null)
    .where(
      notOnDomains(
        db.selectFrom('instance_domain_blocks').select('domain').where('severity', '=', 'suspend'),
      ),
    );
  if (local) query = query.where('domain', 'is', null);
  if (viewerId) {
    query = query
      .where('id', 'not in', blockedIdsOf(viewerId))
      .where('id', 'not in', mutedIdsEverOf(viewerId))
      .where('id', 'not in', blockerIdsOf(viewerId))
      .where(notOnDomains(blockedDomainsOf(viewerId)));
  }
  query =
    order === 'new'
      ? query.orderBy('created_at', 'desc')
      : query
          // accounts that never posted go last in both dialects (they sort NULLs differently)
          .orderBy((eb) => eb.case().when('last_status_at', 'is', null).then(1).else(0).end(), 'asc')
          .orderBy('last_status_at', 'desc');
  return query.orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

// ---- writes ----

/** Records activity (signing in and requests count for the monthly active users). */
export async function markAccountActive(db: DbOrTx, accountId: string, at = nowIso()): Promise<void> {
  await db.updateTable('accounts').set({ last_active_at: at }).where('id', '=', accountId).execute();
}

/** Sets what an admin or moderator changes on an account (role, approval, limits), stamping `updated_at`. */
export async function updateAccountFields(
  db: DbOrTx,
  accountId: string,
  changes: Partial<
    Pick<AccountRow, 'role' | 'approved' | 'disabled' | 'silenced_at' | 'suspended_at' | 'sensitized_at'>
  >,
  at = nowIso(),
): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ ...changes, updated_at: at })
    .where('id', '=', accountId)
    .execute();
}

/** Marks an account suspended from now on (a remote account deleted on its server is kept that way). */
export async function markSuspended(db: DbOrTx, accountId: string): Promise<void> {
  await db.updateTable('accounts').set({ suspended_at: nowIso() }).where('id', '=', accountId).execute();
}

export async function deleteAccount(db: DbOrTx, accountId: string): Promise<void> {
  await db.deleteFrom('accounts').where('id', '=', accountId).execute();
}

/** One more status for an account (stamping last_status_at), or one fewer; never below zero. */
export async function adjustStatusesCount(
  db: DbOrTx,
  accountId: string,
  change: { delta: 1; at: string } | { delta: -1 },
): Promise<void> {
  if (change.delta === 1) {
    await db
      .updateTable('accounts')
      .set((eb) => ({ statuses_count: eb('statuses_count', '+', 1), last_status_at: change.at }))
      .where('id', '=', accountId)
      .execute();
    return;
  }
  await db
    .updateTable('accounts')
    .set((eb) => ({ statuses_count: eb('statuses_count', '-', 1) }))
    .where('id', '=', accountId)
    .where('statuses_count', '>', 0)
    .execute();
}

/** The viewer's private note on an account (Relationship's `note`): saved, or removed when empty. */
export async function saveAccountNote(db: DbOrTx, accountId: string, targetId: string, comment: string) {
  const updated_at = nowIso();
  await db
    .insertInto('account_notes')
    .values({ account_id: accountId, target_account_id: targetId, comment, updated_at })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doUpdateSet({ comment, updated_at }))
    .execute();
}

export async function deleteAccountNote(db: DbOrTx, accountId: string, targetId: string): Promise<void> {
  await db
    .deleteFrom('account_notes')
    .where('account_id', '=', accountId)
    .where('target_account_id', '=', targetId)
    .execute();
}
