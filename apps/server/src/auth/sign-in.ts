import type { DbOrTx } from '../db/index.js';
import { ApiError } from '../http/errors.js';
import { nowIso } from '../lib/time.js';
import { verifyPassword } from './passwords.js';
import type { AccountRow } from './viewer.js';
import { getAccountById } from '../accounts/store.js';

/** A login as it is looked up: an email or a username, with or without its @, in any case. */
export const loginKey = (login: string): string => login.trim().replace(/^@/, '').toLowerCase();

/**
 * Checks a login (email or username, any case) and password. Disabled accounts may sign in: the client shows
 * them a banner. Accounts awaiting approval may not.
 */
export async function authenticate(db: DbOrTx, login: string, password: string): Promise<AccountRow> {
  const key = loginKey(login);
  const user = key
    ? await db
        .selectFrom('users')
        .innerJoin('accounts', 'accounts.id', 'users.account_id')
        .select(['users.account_id', 'users.password_hash'])
        .where((eb) => eb.or([eb('users.email_lower', '=', key), eb('accounts.username_lower', '=', key)]))
        .where('accounts.domain', 'is', null)
        .executeTakeFirst()
    : undefined;
  const valid = await verifyPassword(user?.password_hash ?? null, password);
  if (!user || !valid) throw new ApiError(422, 'auth.invalid_login');
  const account = await getAccountById(db, user.account_id);
  if (!account.approved) throw new ApiError(403, 'auth.pending_review');
  await db
    .updateTable('users')
    .set({ current_sign_in_at: nowIso() })
    .where('account_id', '=', account.id)
    .execute();
  return account;
}
