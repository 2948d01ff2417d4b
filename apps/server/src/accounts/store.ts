import type { Expression, ExpressionBuilder, SelectQueryBuilder, SqlBool } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { AccountsTable, Database } from '../db/schema.js';
import { limitedAccount } from '../moderation/limited.js';
import type { DbOrTx } from '../db/index.js';
import { likePattern } from '../lib/like.js';
import { nowIso } from '../lib/time.js';
import {
  blockedDomainsOf,
  blockedIdsOf,
  blockerIdsOf,
  followedIdsOf,
  followerIdsOf,
  followOfColumn,
  hasLocalFollowerColumn,
  mutedIdsEverOf,
  onServerBlockedBy,
  requestedIdsOf,
} from '../relationships/conditions.js';

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

/** An account in use: approved, neither disabled nor suspended. */
export const isActiveAccount = (eb: ExpressionBuilder<Database, 'accounts'>) =>
  eb.and([
    eb('accounts.approved', '=', 1),
    eb('accounts.disabled', '=', 0),
    eb('accounts.suspended_at', 'is', null),
  ]);

/**
 * How many accounts are in use (approved, neither disabled nor suspended), of those only the ones active since
 * `activeSince` when given.
 */
export async function countActiveAccounts(db: DbOrTx, activeSince?: string) {
  return db
    .selectFrom('accounts')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where(isActiveAccount)
    .$if(activeSince !== undefined, (q) => q.where('last_active_at', '>=', activeSince ?? ''))
    .executeTakeFirst();
}

/** Of `ids`, the accounts in use (approved, neither disabled nor suspended). */
export async function activeAccountIdsAmong(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', [...ids])
    .where(isActiveAccount)
    .execute();
  return rows.map((row) => row.id);
}

/** Of `ids`, the accounts not disabled (pending and suspended ones included). */
export async function enabledAccountIdsAmong(db: DbOrTx, ids: readonly string[]): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', [...ids])
    .where('disabled', '=', 0)
    .execute();
  return rows.map((row) => row.id);
}

/** An account that is not disabled (pending and suspended ones included). */
export async function findEnabledAccountById(db: DbOrTx, id: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll()
    .where('id', '=', id)
    .where('disabled', '=', 0)
    .executeTakeFirst();
}

/** Of `ids`, those of accounts that exist; suspended ones only `withSuspended`. */
export async function existingAccountIdsAmong(
  db: DbOrTx,
  ids: readonly string[],
  { withSuspended }: { withSuspended: boolean },
): Promise<string[]> {
  let query = db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', [...ids]);
  if (!withSuspended) query = query.where('suspended_at', 'is', null);
  return (await query.execute()).map((row) => row.id);
}

/** Of `ids`, the accounts on a server `viewerId` blocks. */
export async function idsOnServersBlockedBy(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('accounts')
    .select('id')
    .where('id', 'in', [...ids])
    .where(onServerBlockedBy(viewerId, 'accounts.id'))
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

/** The accounts created in [from, to] (the sign-ups: only local accounts are created here). */
export async function accountsCreatedBetween(
  db: DbOrTx,
  from: string,
  to: string,
): Promise<{ id: string; created_at: string }[]> {
  return db
    .selectFrom('accounts')
    .select(['id', 'created_at'])
    .where('created_at', '>=', from)
    .where('created_at', '<=', to)
    .execute();
}

/**
 * The instance's user figures: approved local users, their statuses, and how many of them were active since
 * each date.
 */
export async function localUserTotals(db: DbOrTx, activeSince: string, activeHalfyearSince: string) {
  return db
    .selectFrom('accounts')
    .innerJoin('users', 'users.account_id', 'accounts.id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('users'),
      eb.fn.sum<number | string | null>('accounts.statuses_count').as('statuses'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('accounts.last_active_at', '>=', activeSince).then(1).else(0).end(),
        )
        .as('active_month'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('accounts.last_active_at', '>=', activeHalfyearSince).then(1).else(0).end(),
        )
        .as('active_halfyear'),
    ])
    .where('accounts.approved', '=', 1)
    .executeTakeFirstOrThrow();
}

/** How many other servers this one knows accounts of. */
export async function countKnownDomains(db: DbOrTx) {
  return db
    .selectFrom('accounts')
    .select((eb) => eb.fn.count<number | string>('domain').distinct().as('count'))
    .where('domain', 'is not', null)
    .executeTakeFirstOrThrow();
}

/**
 * A batch of remote accounts with a cached avatar or header, not fetched nor updated since `cutoff` and that no
 * local account follows, by id after `after`.
 */
export async function staleRemoteProfileImages(db: DbOrTx, cutoff: string, after: string, limit: number) {
  return db
    .selectFrom('accounts')
    .select(['id', 'avatar_path', 'header_path'])
    .where('domain', 'is not', null)
    .where((eb) => eb.or([eb('avatar_path', 'is not', null), eb('header_path', 'is not', null)]))
    .where((eb) => eb(eb.fn.coalesce('fetched_at', 'updated_at'), '<', cutoff))
    .where('id', '>', after)
    .where((eb) => eb.not(hasLocalFollowerColumn('accounts.id')))
    .orderBy('id')
    .limit(limit)
    .execute();
}

export interface NamePrefixSearch {
  /** a username or display name prefix */
  term: string;
  /** only accounts of this domain (lower-case), null for local ones; any when undefined or empty */
  domain?: string | null | undefined;
  /** only accounts the viewer follows */
  following?: boolean | undefined;
  offset: number;
  limit: number;
}

/**
 * Approved accounts not disabled whose username or display name starts with `term`: exact username first, then the
 * most followed. Limited accounts only by their exact username or for the people who follow them; none that blocks
 * the viewer.
 */
export async function accountsByNamePrefix(
  db: DbOrTx,
  viewerId: string | null,
  { term, domain, following, offset, limit }: NamePrefixSearch,
): Promise<AccountRow[]> {
  const prefix = likePattern('', term, '%');
  let accounts = db.selectFrom('accounts').selectAll('accounts');
  if (domain === null) accounts = accounts.where('accounts.domain', 'is', null);
  else if (domain) accounts = accounts.where('accounts.domain', '=', domain);
  accounts = accounts
    .where('accounts.approved', '=', 1)
    .where('accounts.disabled', '=', 0)
    .where((eb) =>
      eb.or([
        eb('accounts.username_lower', 'like', prefix),
        eb(eb.fn('lower', ['accounts.display_name']), 'like', prefix),
      ]),
    );
  // limited accounts are found by their exact username, or by the people who follow them (Mastodon: they "can
  // still be found via search"), not offered as completions to everyone else
  accounts = accounts.where((eb) =>
    eb.or([
      eb.not(limitedAccount('accounts')),
      eb('accounts.username_lower', '=', term.toLowerCase()),
      ...(viewerId ? [eb.exists(followOfColumn(viewerId, 'accounts.id'))] : []),
    ]),
  );
  if (viewerId) {
    if (following) accounts = accounts.where('accounts.id', 'in', followedIdsOf(viewerId));
    accounts = accounts.where('accounts.id', 'not in', blockerIdsOf(viewerId));
  }
  return accounts
    .orderBy((eb) => eb.case().when('accounts.username_lower', '=', term.toLowerCase()).then(0).else(1).end())
    .orderBy('accounts.followers_count', 'desc')
    .orderBy('accounts.username_lower')
    .offset(offset)
    .limit(limit)
    .execute();
}

export type AccountStatusFilter = 'active' | 'pending' | 'disabled' | 'silenced' | 'suspended' | 'sensitized';

/** What the moderators' account list can be narrowed to. */
export interface AccountListFilter {
  status?: AccountStatusFilter | undefined;
  staff?: boolean | undefined;
  /** a username prefix */
  username?: string | undefined;
  /** part of the display name */
  displayName?: string | undefined;
  /** part of the e-mail address of the account's user */
  email?: string | undefined;
  /** an address one of the account's sessions came from */
  ip?: string | undefined;
}

const STATUS_CONDITION: Record<
  AccountStatusFilter,
  (eb: ExpressionBuilder<Database, 'accounts'>) => Expression<SqlBool>
> = {
  active: isActiveAccount,
  pending: (eb) => eb('accounts.approved', '=', 0),
  disabled: (eb) => eb('accounts.disabled', '=', 1),
  silenced: (eb) => eb('accounts.silenced_at', 'is not', null),
  suspended: (eb) => eb('accounts.suspended_at', 'is not', null),
  sensitized: (eb) => eb('accounts.sensitized_at', 'is not', null),
};

/** The accounts matching a moderator's filter, as a query to paginate. */
export function filteredAccountsQuery(db: DbOrTx, filter: AccountListFilter) {
  let query = db.selectFrom('accounts').selectAll('accounts');
  if (filter.status) query = query.where(STATUS_CONDITION[filter.status]);
  if (filter.staff) query = query.where('accounts.role', 'in', ['moderator', 'admin']);
  if (filter.username)
    query = query.where('accounts.username_lower', 'like', likePattern('', filter.username, '%'));
  if (filter.displayName)
    query = query.where(
      (eb) => eb.fn('lower', ['accounts.display_name']),
      'like',
      likePattern('%', filter.displayName, '%'),
    );
  if (filter.email) {
    const email = likePattern('%', filter.email, '%');
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('users')
          .select('users.account_id')
          .whereRef('users.account_id', '=', 'accounts.id')
          .where('users.email_lower', 'like', email),
      ),
    );
  }
  if (filter.ip) {
    const ip = filter.ip;
    query = query.where((eb) =>
      eb.exists(
        eb
          .selectFrom('sessions')
          .select('sessions.id')
          .whereRef('sessions.account_id', '=', 'accounts.id')
          .where('sessions.ip', '=', ip),
      ),
    );
  }
  return query;
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

/**
 * Follow suggestions for `viewerId`: discoverable local accounts, approved, not disabled nor limited, that have not
 * moved, the viewer neither follows nor asked to, nor blocks, mutes or `excluded`, and that do not block the viewer;
 * the most followed first, then the most recently active.
 */
export async function suggestableAccounts(
  db: DbOrTx,
  viewerId: string,
  excluded: SelectQueryBuilder<Database, keyof Database, { target_account_id: string }>,
  limit: number,
): Promise<AccountRow[]> {
  return (
    db
      .selectFrom('accounts')
      .selectAll('accounts')
      .where('accounts.id', '!=', viewerId)
      .where('accounts.discoverable', '=', 1)
      .where('accounts.domain', 'is', null)
      .where('accounts.approved', '=', 1)
      .where('accounts.disabled', '=', 0)
      .where('accounts.moved_to_account_id', 'is', null)
      .where((eb) => eb.not(limitedAccount('accounts')))
      .where('accounts.id', 'not in', followedIdsOf(viewerId))
      .where('accounts.id', 'not in', requestedIdsOf(viewerId))
      .where('accounts.id', 'not in', blockedIdsOf(viewerId))
      .where('accounts.id', 'not in', mutedIdsEverOf(viewerId))
      .where('accounts.id', 'not in', excluded)
      .where('accounts.id', 'not in', blockerIdsOf(viewerId))
      .orderBy('accounts.followers_count', 'desc')
      // accounts that never posted go last in both dialects (they sort NULLs differently)
      .orderBy((eb) => eb.case().when('accounts.last_status_at', 'is', null).then(1).else(0).end(), 'asc')
      .orderBy('accounts.last_status_at', 'desc')
      .orderBy('accounts.id', 'desc')
      .limit(limit)
      .execute()
  );
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

export async function insertAccount(db: DbOrTx, account: AccountsTable): Promise<void> {
  await db.insertInto('accounts').values(account).execute();
}

/** Forgets cached avatars and headers (the API shows the remote files again, a later view asks for a copy). */
export async function clearProfileImages(db: DbOrTx, ids: readonly string[]): Promise<void> {
  await db
    .updateTable('accounts')
    .set({ avatar_path: null, header_path: null, images_cache_requested_at: null })
    .where('id', 'in', [...ids])
    .execute();
}

/**
 * Before an account goes: one follower fewer for each account it follows, one followed account fewer for each of
 * its followers (never below zero).
 */
export async function dropFollowCountsAround(db: DbOrTx, accountId: string): Promise<void> {
  await db
    .updateTable('accounts')
    .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
    .where('id', 'in', followedIdsOf(accountId))
    .where('followers_count', '>', 0)
    .execute();
  await db
    .updateTable('accounts')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where('id', 'in', followerIdsOf(accountId))
    .where('following_count', '>', 0)
    .execute();
}

/**
 * Records the copy `key` of a remote account's avatar or header, only while the account still points at the remote
 * `url` and has no copy; false when it changed meanwhile (the copy is then not needed).
 */
export async function setCachedProfileImage(
  db: DbOrTx,
  accountId: string,
  image: { path: 'avatar_path' | 'header_path'; remote: 'avatar_remote_url' | 'header_remote_url' },
  url: string,
  key: string,
): Promise<boolean> {
  const result = await db
    .updateTable('accounts')
    .set({ [image.path]: key } as Partial<AccountsTable>)
    .where('id', '=', accountId)
    .where(image.remote, '=', url)
    .where(image.path, 'is', null)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) > 0;
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
