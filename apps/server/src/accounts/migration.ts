import type { Account } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import { verifyPassword } from '../auth/passwords.js';
import type { AppContext } from '../context.js';
import { emitCommitted } from '../events/transaction.js';
import { ApiError, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { findAccountByAcct } from './lookup.js';
import { aliasesOf, moveLocalFollowers, setMovedTo } from './move.js';
import { accountUri, acctOf, serializeAccount } from './serializer.js';
import { message } from '../i18n/format.js';

/**
 * Account migration, the local side, as Mastodon's settings do it: a user declares the accounts they move from
 * (aliases, served as `alsoKnownAs`), and moves this account to another one (here or on another server) that
 * declares this one among its aliases. Moving marks the account moved (`moved` in its entity; posting is then
 * refused), moves its local followers, and sends `Move` to its followers' servers, which move theirs.
 */

/** Mastodon's AccountMigration::COOLDOWN_PERIOD: one move per 30 days. */
export const MOVE_COOLDOWN_MS = 30 * 24 * 60 * 60_000;

export interface AliasView {
  acct: string | null;
  uri: string;
}

export interface MigrationState {
  moved_to: Account | null;
  /** when another move is allowed (ISO), or null when it is allowed now */
  cooldown_until: string | null;
  followers_count: number;
}

/** An account by the handle a user types: `name` or `name@this.domain` here, `name@domain` resolved there. */
async function accountByHandle(
  ctx: AppContext,
  handle: string,
  options: { refresh: boolean },
): Promise<AccountRow | null> {
  const acct = handle.trim().replace(/^@/, '');
  const [, domain] = acct.split('@');
  const remote = domain ? domain.toLowerCase() !== ctx.config.localDomain.toLowerCase() : false;
  if (remote && ctx.federation) return ctx.federation.resolveAccount(acct, { refresh: options.refresh });
  // with federation off a remote account is the stored one, and nothing can refresh it
  if (remote && options.refresh) return null;
  return findAccountByAcct(ctx.db, acct, ctx.config.localDomain).catch((error: unknown) => {
    if (error instanceof ApiError && error.statusCode === 404) return null;
    throw error;
  });
}

function requireHandle(handle: unknown): string {
  if (typeof handle !== 'string' || !handle.trim())
    throw unprocessable('migration.handle_blank', 'acct_blank');
  if (handle.length > 300) throw unprocessable('migration.handle_too_long', 'acct_invalid');
  return handle;
}

const notFoundError = (handle: string) =>
  unprocessable(message('migration.account_not_found', { handle: handle.trim() }), 'not_found');

async function saveAliases(ctx: AppContext, account: AccountRow, uris: string[]): Promise<AccountRow> {
  const json = uris.length ? JSON.stringify(uris) : null;
  await ctx.db
    .updateTable('accounts')
    .set({ also_known_as_json: json, updated_at: nowIso() })
    .where('id', '=', account.id)
    .execute();
  const updated = { ...account, also_known_as_json: json };
  // other servers learn the new alsoKnownAs from the actor's Update, as Mastodon sends it
  await emitCommitted(ctx, { type: 'ProfileUpdated', account: updated });
  return updated;
}

/** The account's aliases with their handles (null when the account behind a URI is not known here). */
export async function listAliases(ctx: AppContext, account: AccountRow): Promise<AliasView[]> {
  const uris = aliasesOf(account);
  if (uris.length === 0) return [];
  const localPrefix = `${ctx.config.publicUrl}/users/`;
  const remote = await ctx.db
    .selectFrom('accounts')
    .select(['uri', 'username', 'domain'])
    .where('uri', 'in', uris)
    .execute();
  const byUri = new Map(remote.map((row) => [row.uri, acctOf(row)]));
  return uris.map((uri) => ({
    uri,
    acct: uri.startsWith(localPrefix) ? uri.slice(localPrefix.length) : (byUri.get(uri) ?? null),
  }));
}

/** Declares `handle` as an account this one moves from (Mastodon's AccountAlias). */
export async function addAlias(ctx: AppContext, account: AccountRow, handle: unknown): Promise<AliasView[]> {
  const acct = requireHandle(handle);
  const alias = await accountByHandle(ctx, acct, { refresh: false });
  if (!alias) throw notFoundError(acct);
  if (alias.id === account.id) throw unprocessable('migration.self_alias', 'self');
  const uri = accountUri(ctx, alias);
  const uris = aliasesOf(account);
  if (uris.includes(uri))
    throw unprocessable(message('migration.already_alias', { account: acctOf(alias) }), 'taken');
  return listAliases(ctx, await saveAliases(ctx, account, [...uris, uri]));
}

export async function removeAlias(ctx: AppContext, account: AccountRow, uri: unknown): Promise<AliasView[]> {
  const uris = aliasesOf(account);
  if (typeof uri !== 'string' || !uris.includes(uri))
    throw unprocessable('migration.not_an_alias', 'not_an_alias');
  return listAliases(
    ctx,
    await saveAliases(
      ctx,
      account,
      uris.filter((each) => each !== uri),
    ),
  );
}

async function lastMoveAt(ctx: AppContext, account: AccountRow): Promise<string | null> {
  const last = await ctx.db
    .selectFrom('account_migrations')
    .select('created_at')
    .where('account_id', '=', account.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirst();
  return last?.created_at ?? null;
}

function cooldownUntil(lastMove: string | null, now = Date.now()): string | null {
  if (!lastMove) return null;
  const until = Date.parse(lastMove) + MOVE_COOLDOWN_MS;
  return until > now ? new Date(until).toISOString() : null;
}

export async function migrationState(ctx: AppContext, account: AccountRow): Promise<MigrationState> {
  const movedTo = account.moved_to_account_id
    ? await ctx.db
        .selectFrom('accounts')
        .selectAll()
        .where('id', '=', account.moved_to_account_id)
        .executeTakeFirst()
    : undefined;
  return {
    moved_to: movedTo ? serializeAccount(ctx, movedTo) : null,
    cooldown_until: cooldownUntil(await lastMoveAt(ctx, account)),
    followers_count: account.followers_count,
  };
}

async function requireCurrentPassword(ctx: AppContext, account: AccountRow, password: unknown) {
  const user = await ctx.db
    .selectFrom('users')
    .select('password_hash')
    .where('account_id', '=', account.id)
    .executeTakeFirst();
  const ok = typeof password === 'string' && (await verifyPassword(user?.password_hash ?? null, password));
  if (!ok) throw unprocessable('migration.wrong_password', 'invalid_password');
}

/**
 * Moves `account` to the account `handle` names (Mastodon's MoveService), checked as Mastodon's AccountMigration:
 * the current password, the cool-down, a target that exists (read again from its server), is not this account
 * or the one it already moved to, and lists this account in its alsoKnownAs.
 */
export async function moveAccount(
  ctx: AppContext,
  account: AccountRow,
  input: { acct?: unknown; current_password?: unknown },
): Promise<MigrationState> {
  const handle = requireHandle(input.acct);
  await requireCurrentPassword(ctx, account, input.current_password);
  const until = cooldownUntil(await lastMoveAt(ctx, account));
  if (until)
    throw unprocessable(message('migration.cooldown', { date: until }), 'cooldown', {
      cooldown_until: until,
    });
  const target = await accountByHandle(ctx, handle, { refresh: true });
  if (!target) throw notFoundError(handle);
  if (target.id === account.id) throw unprocessable('migration.move_to_self', 'move_to_self');
  if (target.id === account.moved_to_account_id)
    throw unprocessable(message('migration.already_moved', { account: acctOf(target) }), 'already_moved');
  if (target.suspended_at || target.disabled)
    throw unprocessable(
      message('migration.target_unavailable', { account: acctOf(target) }),
      'target_unavailable',
    );
  if (!aliasesOf(target).includes(accountUri(ctx, account)))
    throw unprocessable(
      message('migration.missing_alias', {
        target: acctOf(target),
        account: `${acctOf(account)}@${ctx.config.localDomain}`,
      }),
      'missing_also_known_as',
    );
  const migrationId = newId();
  await ctx.db
    .insertInto('account_migrations')
    .values({
      id: migrationId,
      account_id: account.id,
      target_account_id: target.id,
      acct: acctOf(target),
      created_at: nowIso(),
    })
    .execute();
  const moved = await setMovedTo(ctx, account, target);
  await moveLocalFollowers(ctx, account, target);
  await emitCommitted(
    ctx,
    { type: 'ProfileUpdated', account: moved },
    { type: 'AccountMoved', account: moved, target, migrationId },
  );
  return migrationState(ctx, moved);
}

/** Cancels the redirect (Mastodon's "cancel redirect"): the account is no longer marked moved; followers stay. */
export async function cancelMove(ctx: AppContext, account: AccountRow): Promise<MigrationState> {
  if (!account.moved_to_account_id) throw unprocessable('migration.not_moved', 'not_moved');
  const updated = await setMovedTo(ctx, account, null);
  await emitCommitted(ctx, { type: 'ProfileUpdated', account: updated });
  return migrationState(ctx, updated);
}
