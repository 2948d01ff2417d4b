import { sql } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import { storedId } from '../lib/ids.js';
import { notSilencedBy, visibleTo } from '../statuses/visibility.js';
import { likeLiteral } from '../lib/like.js';

/** The search's reads of hashtags and statuses (accounts are in accounts.ts). */

interface Page {
  offset: number;
  limit: number;
}

/** Hashtags whose name starts with `prefix`, by name. */
export async function tagsStartingWith(db: DbOrTx, prefix: string, { offset, limit }: Page) {
  return db
    .selectFrom('tags')
    .selectAll()
    .where('name_lower', 'like', sql<string>`${`${likeLiteral(prefix)}%`} escape '!'`)
    .orderBy('name_lower')
    .offset(offset)
    .limit(limit)
    .execute();
}

/**
 * Statuses (not boosts) the viewer can read and did not silence whose text contains `words`, newest first;
 * only those of `accountId` when given.
 */
export async function statusesContaining(
  db: DbOrTx,
  viewerId: string,
  words: string,
  { accountId, offset, limit }: Page & { accountId?: string | undefined },
) {
  const pattern = `%${likeLiteral(words)}%`;
  let statuses = db
    .selectFrom('statuses')
    .selectAll('statuses')
    .where(visibleTo(viewerId))
    .where(notSilencedBy(viewerId))
    .where('statuses.reblog_of_id', 'is', null)
    .where((eb) => eb(eb.fn('lower', ['statuses.text']), 'like', sql<string>`${pattern} escape '!'`));
  if (accountId) statuses = statuses.where('statuses.account_id', '=', storedId(accountId));
  return statuses.orderBy('statuses.id', 'desc').offset(offset).limit(limit).execute();
}

/** The status (not a boost) a link to this server names, if the viewer can read it (and by `username`, if given). */
export async function linkedStatus(
  db: DbOrTx,
  viewerId: string | null,
  statusId: string,
  username: string | undefined,
) {
  let statuses = db
    .selectFrom('statuses')
    .innerJoin('accounts', 'accounts.id', 'statuses.account_id')
    .selectAll('statuses')
    .where('statuses.id', '=', storedId(statusId))
    .where('statuses.reblog_of_id', 'is', null)
    .where(visibleTo(viewerId));
  if (username)
    statuses = statuses
      .where('accounts.username_lower', '=', username.toLowerCase())
      .where('accounts.domain', 'is', null);
  return statuses.execute();
}
