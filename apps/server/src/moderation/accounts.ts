import type { AdminAccount } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Db } from '../db/index.js';
import { serializeAccount, roleOf } from '../accounts/serializer.js';
import { forbidden, notFound } from '../http/errors.js';
import { isId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { announceRevocation } from '../streaming/revocations.js';
import { announceIfContact } from '../instance/sources.js';
import { removeStoredKeys, storedKeysOfAccount } from '../media/account-files.js';
import type { PageQuery } from '../timelines/pagination.js';
import { newestFirst, paginateQuery } from '../timelines/pagination.js';
import {
  deleteAccount,
  dropFollowCountsAround,
  filteredAccountsQuery,
  findAccountById,
  updateAccountFields,
  type AccountListFilter,
  type AccountStatusFilter,
} from '../accounts/store.js';

export type { AccountStatusFilter };

/** The admin account list's filters, v1 and v2 parameters mapped onto one shape. */
export interface AdminAccountFilter extends AccountListFilter {
  /** only local accounts exist on this server: `remote` lists nothing */
  origin?: 'local' | 'remote' | undefined;
  byDomain?: string | undefined;
}

const ROLE_RANK: Record<AccountRow['role'], number> = { user: 0, moderator: 1, admin: 2 };

/** Any account by id, pending ones included (moderators review those), or a 404. */
export async function findModeratedAccount(db: Db, id: string): Promise<AccountRow> {
  const row = isId(id) ? await findAccountById(db, storedId(id)) : undefined;
  if (!row) throw notFound();
  return row;
}

/** Moderators act on accounts of a lower role than theirs, never on themselves (Mastodon's policies). */
export function requireAuthorityOver(moderator: AccountRow, target: AccountRow): void {
  if (moderator.id === target.id || ROLE_RANK[target.role] >= ROLE_RANK[moderator.role]) throw forbidden();
}

export async function listAdminAccounts(
  db: Db,
  filter: AdminAccountFilter,
  page: PageQuery,
  localDomain: string,
): Promise<AccountRow[]> {
  if (filter.origin === 'remote') return [];
  if (filter.byDomain && filter.byDomain.toLowerCase() !== localDomain.toLowerCase()) return [];
  const query = filteredAccountsQuery(db, filter);
  return newestFirst(await paginateQuery(query, 'accounts.id', page).execute(), page);
}

export async function serializeAdminAccounts(ctx: AppContext, rows: AccountRow[]): Promise<AdminAccount[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [users, sessions] = await Promise.all([
    ctx.db.selectFrom('users').selectAll().where('account_id', 'in', ids).execute(),
    ctx.db
      .selectFrom('sessions')
      .select(['account_id', 'ip', 'last_used_at'])
      .where('account_id', 'in', ids)
      .orderBy('last_used_at', 'desc')
      .execute(),
  ]);
  const userOf = new Map(users.map((user) => [user.account_id, user]));
  return rows.map((row) => {
    const user = userOf.get(row.id);
    const ips = new Map<string, string>();
    for (const session of sessions)
      if (session.account_id === row.id && session.ip && !ips.has(session.ip))
        ips.set(session.ip, session.last_used_at);
    const [latestIp] = ips.keys();
    return {
      id: row.id,
      username: row.username,
      domain: null,
      created_at: row.created_at,
      email: user?.email ?? '',
      ip: latestIp ?? null,
      ips: [...ips].map(([ip, usedAt]) => ({ ip, used_at: usedAt })),
      locale: user?.locale ?? '',
      invite_request: user?.sign_up_reason || null,
      role: roleOf(row),
      confirmed: true,
      approved: row.approved === 1,
      disabled: row.disabled === 1,
      silenced: Boolean(row.silenced_at),
      suspended: Boolean(row.suspended_at),
      sensitized: Boolean(row.sensitized_at),
      account: serializeAccount(ctx, row),
      created_by_application_id: null,
      invited_by_account_id: null,
    };
  });
}

export async function serializeAdminAccount(ctx: AppContext, row: AccountRow): Promise<AdminAccount> {
  const [rendered] = await serializeAdminAccounts(ctx, [row]);
  if (!rendered) throw notFound();
  return rendered;
}

export type AccountActionType = 'none' | 'sensitive' | 'disable' | 'silence' | 'suspend';

/** The account columns each limiting action sets, and each lifting action clears. */
type Limit = 'disabled' | 'silenced_at' | 'suspended_at' | 'sensitized_at';

const LIMIT_OF_ACTION: Record<Exclude<AccountActionType, 'none'>, Limit> = {
  sensitive: 'sensitized_at',
  disable: 'disabled',
  silence: 'silenced_at',
  suspend: 'suspended_at',
};

async function setLimit(ctx: AppContext, target: AccountRow, limit: Limit, on: boolean): Promise<void> {
  const now = nowIso();
  const value = limit === 'disabled' ? (on ? 1 : 0) : on ? (target[limit] ?? now) : null;
  await updateAccountFields(ctx.db, target.id, { [limit]: value }, now);
  // a disabled or suspended account's open streams close at once on every server
  if (on && (limit === 'disabled' || limit === 'suspended_at'))
    await announceRevocation(ctx, { accountId: target.id });
  // a disabled contact account is not shown by the instance documents, an enabled one is again
  if (limit === 'disabled') await announceIfContact(ctx, target);
}

/**
 * POST /api/v1/admin/accounts/:id/action: limits the account (`none` only records the moderator's decision)
 * and, with a report, resolves the report, as Mastodon does. Every report about the account is resolved
 * by suspension.
 */
export async function applyAccountAction(
  ctx: AppContext,
  moderator: AccountRow,
  target: AccountRow,
  action: { type: AccountActionType; reportId?: string | undefined },
): Promise<void> {
  requireAuthorityOver(moderator, target);
  const report = action.reportId
    ? await ctx.db
        .selectFrom('reports')
        .select('id')
        .where('id', '=', storedId(action.reportId))
        .where('target_account_id', '=', target.id)
        .executeTakeFirst()
    : undefined;
  if (action.reportId && !report) throw notFound();
  if (action.type !== 'none') await setLimit(ctx, target, LIMIT_OF_ACTION[action.type], true);
  const now = nowIso();
  let resolved = ctx.db
    .updateTable('reports')
    .set({ action_taken_at: now, action_taken_by_account_id: moderator.id, updated_at: now })
    .where('action_taken_at', 'is', null);
  if (action.type === 'suspend') resolved = resolved.where('target_account_id', '=', target.id);
  else if (report) resolved = resolved.where('id', '=', report.id);
  else return;
  await resolved.execute();
}

export type LiftedLimit = 'enable' | 'unsilence' | 'unsuspend' | 'unsensitive';

const LIMIT_LIFTED_BY: Record<LiftedLimit, Limit> = {
  enable: 'disabled',
  unsilence: 'silenced_at',
  unsuspend: 'suspended_at',
  unsensitive: 'sensitized_at',
};

export async function liftLimit(
  ctx: AppContext,
  moderator: AccountRow,
  target: AccountRow,
  lift: LiftedLimit,
): Promise<AccountRow> {
  requireAuthorityOver(moderator, target);
  await setLimit(ctx, target, LIMIT_LIFTED_BY[lift], false);
  return findModeratedAccount(ctx.db, target.id);
}

/** Approves an account waiting for review; anything else is refused (403) as in Mastodon. */
export async function approveAccount(ctx: AppContext, target: AccountRow): Promise<AccountRow> {
  if (target.approved) throw forbidden('moderation.not_pending');
  await updateAccountFields(ctx.db, target.id, { approved: 1 });
  return findModeratedAccount(ctx.db, target.id);
}

/** Rejecting a sign-up deletes it; the answer describes the account as it was. */
export async function rejectAccount(ctx: AppContext, target: AccountRow): Promise<AdminAccount> {
  if (target.approved) throw forbidden('moderation.not_pending');
  const rendered = await serializeAdminAccount(ctx, target);
  const files = await storedKeysOfAccount(ctx.db, target.id);
  await deleteAccount(ctx.db, target.id);
  await removeStoredKeys(ctx, files);
  return rendered;
}

/**
 * DELETE /api/v1/admin/accounts/:id: the data of a suspended account goes for good (statuses, media records,
 * relationships, sessions and tokens follow by cascade, then its files); the counters of the accounts it followed or that
 * followed it drop with it.
 */
export async function deleteSuspendedAccount(
  ctx: AppContext,
  moderator: AccountRow,
  target: AccountRow,
): Promise<AdminAccount> {
  requireAuthorityOver(moderator, target);
  if (!target.suspended_at) throw forbidden('moderation.not_suspended');
  const rendered = await serializeAdminAccount(ctx, target);
  await announceRevocation(ctx, { accountId: target.id });
  const files = await ctx.db.transaction().execute(async (tx) => {
    const keys = await storedKeysOfAccount(tx, target.id);
    await dropFollowCountsAround(tx, target.id);
    await deleteAccount(tx, target.id);
    return keys;
  });
  // its files after its rows: a file no row names is only an orphan, a row without its file a broken image
  await removeStoredKeys(ctx, files);
  return rendered;
}
