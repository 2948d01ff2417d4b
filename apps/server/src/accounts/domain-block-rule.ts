import { expressionBuilder, sql } from 'kysely';
import type { Database } from '../db/schema.js';

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
