import type { DbOrTx } from '../db/index.js';
import type { OAuthAppsTable } from '../db/schema.js';

/** Reads of the sign-in side of an account (its user row, the OAuth apps) for the auth and account routes. */

export async function findOAuthApp(db: DbOrTx, id: string): Promise<OAuthAppsTable | undefined> {
  return db.selectFrom('oauth_apps').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The OAuth app the account's user signed up with (null: the web client), undefined without a user row. */
export async function signUpAppOf(db: DbOrTx, accountId: string): Promise<string | null | undefined> {
  const user = await db
    .selectFrom('users')
    .select('created_by_app_id')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return user?.created_by_app_id;
}
