import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { notFound } from '../http/errors.js';
import { isId } from '../lib/ids.js';

/** A visible local account by id (accounts awaiting approval do not exist yet for others), or a 404. */
export async function findAccountOr404(db: DbOrTx, id: string): Promise<AccountRow> {
  const row = isId(id)
    ? await db.selectFrom('accounts').selectAll().where('id', '=', id.padStart(18, '0')).executeTakeFirst()
    : undefined;
  if (!row || !row.approved) throw notFound();
  return row;
}

/** A local account by `username` or `username@<this domain>`; remote accounts are not known yet. */
export async function findAccountByAcct(db: DbOrTx, acct: string, localDomain: string): Promise<AccountRow> {
  const [username, domain] = acct.replace(/^@/, '').split('@');
  if (!username || (domain && domain.toLowerCase() !== localDomain.toLowerCase())) throw notFound();
  const row = await db
    .selectFrom('accounts')
    .selectAll()
    .where('username_lower', '=', username.toLowerCase())
    .executeTakeFirst();
  if (!row || !row.approved) throw notFound();
  return row;
}
