import { sql, type RawBuilder, type SqlBool } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import { domainBlockFor } from './domain-blocks.js';

/**
 * Limited accounts (Mastodon's "limit", formerly silence): silenced by a moderator, or on a server under a
 * `silence` domain block (or a parent domain's). Their posts stay out of the public and hashtag timelines and
 * streams and their followers' tag feeds, they are not suggested or listed in the directory, and their
 * notifications go through the `for_limited_accounts` policy; their followers see them as before.
 */

/** SQL: whether the account row of `table` (an `accounts` row, or an alias of one) is limited. */
export function limitedAccount(table = 'accounts'): RawBuilder<SqlBool> {
  const domain = sql.ref(`${table}.domain`);
  return sql<SqlBool>`(${sql.ref(`${table}.silenced_at`)} is not null or exists (
    select 1 from instance_domain_blocks as limiting_blocks
    where limiting_blocks.severity = 'silence'
      and (${domain} = limiting_blocks.domain or ${domain} like '%.' || limiting_blocks.domain)))`;
}

/** Whether `account` is limited (the same rule, for one account in hand). */
export async function isLimited(
  db: DbOrTx,
  account: { domain?: string | null; silenced_at?: string | null },
): Promise<boolean> {
  if (account.silenced_at) return true;
  if (!account.domain) return false;
  return (await domainBlockFor(db, account.domain))?.severity === 'silence';
}

/** SQL: the author `accountId` (an id, or a reference such as `statuses.account_id`) is not limited. */
export function authorNotLimited(accountId: string | ReturnType<typeof sql.ref>): RawBuilder<SqlBool> {
  return sql<SqlBool>`not exists (select 1 from accounts as limited_authors
    where limited_authors.id = ${accountId} and ${limitedAccount('limited_authors')})`;
}
