import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { isId, storedId } from '../lib/ids.js';
import { findAccountById } from './store.js';

/** A visible local account by id (accounts awaiting approval do not exist yet for others), or a 404. */
export async function findAccountOr404(db: DbOrTx, id: string): Promise<AccountRow> {
  const row = isId(id) ? await findAccountById(db, storedId(id)) : undefined;
  if (!row || !row.approved) throw notFound();
  return row;
}

/**
 * An account by acct: `username` or `username@<this domain>` for a local account, `username@domain` for a
 * known remote one (domains compare case-insensitively), or a 404.
 */
export async function findAccountByAcct(db: DbOrTx, acct: string, localDomain: string): Promise<AccountRow> {
  const [username, domain, ...rest] = acct.trim().replace(/^@/, '').split('@');
  if (!username || rest.length) throw notFound();
  const remoteDomain =
    domain && domain.toLowerCase() !== localDomain.toLowerCase() ? domain.toLowerCase() : null;
  const query = db.selectFrom('accounts').selectAll().where('username_lower', '=', username.toLowerCase());
  const row = await (
    remoteDomain ? query.where('domain', '=', remoteDomain) : query.where('domain', 'is', null)
  ).executeTakeFirst();
  if (!row || !row.approved) throw notFound();
  return row;
}
