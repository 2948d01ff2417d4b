import type { DbOrTx } from '../db/index.js';
import type { StatusesTable } from '../db/schema.js';
import { notSilencedBy, visibleTo } from './visibility.js';

/**
 * The one owner of the `statuses` table (and of the rows that belong to a status: its media links, mentions, tags,
 * edits). Every other module reads and writes statuses through these functions.
 */

// ---- reads ----

/** The status `id` if `viewerId` (null: anonymous) can read it. */
export async function findStatusVisibleTo(
  db: DbOrTx,
  viewerId: string | null,
  id: string,
): Promise<StatusesTable | undefined> {
  return db
    .selectFrom('statuses')
    .selectAll('statuses')
    .where('statuses.id', '=', id)
    .where(visibleTo(viewerId))
    .executeTakeFirst();
}

export async function findStatusById(db: DbOrTx, id: string): Promise<StatusesTable | undefined> {
  return db.selectFrom('statuses').selectAll().where('id', '=', id).executeTakeFirst();
}

/** The statuses of `ids` that exist, deleted ones included, in no particular order. */
export async function findStatusesByIds(db: DbOrTx, ids: readonly string[]): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('id', 'in', [...ids])
    .execute();
}

/** The statuses of `ids` that are not deleted. */
export async function findLiveStatusesByIds(db: DbOrTx, ids: readonly string[]): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('id', 'in', [...ids])
    .where('deleted_at', 'is', null)
    .execute();
}

/** The statuses of `ids` that `viewerId` can read. */
export async function findStatusesVisibleTo(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<StatusesTable[]> {
  return db
    .selectFrom('statuses')
    .selectAll()
    .where('id', 'in', [...ids])
    .where(visibleTo(viewerId))
    .execute();
}

/** How many statuses there are (not deleted, boosts left out). */
export async function countStatuses(db: DbOrTx) {
  return db
    .selectFrom('statuses')
    .select((eb) => eb.fn.countAll<number | string>().as('count'))
    .where('deleted_at', 'is', null)
    .where('reblog_of_id', 'is', null)
    .executeTakeFirst();
}

/** Of `ids`, those of statuses written by `accountId`. */
export async function statusIdsOfAccount(
  db: DbOrTx,
  accountId: string,
  ids: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('statuses')
    .select('id')
    .where('id', 'in', [...ids])
    .where('account_id', '=', accountId)
    .execute();
  return rows.map((row) => row.id);
}

/**
 * The accounts whose boosts of `statusId` the viewer can see and did not silence, each with its boost's id as
 * the page cursor (to paginate).
 */
export function rebloggersQuery(db: DbOrTx, statusId: string, viewerId: string | null) {
  return db
    .selectFrom('statuses')
    .innerJoin('accounts', 'accounts.id', 'statuses.account_id')
    .selectAll('accounts')
    .select('statuses.id as cursor')
    .where('statuses.reblog_of_id', '=', statusId)
    .where(visibleTo(viewerId))
    .where(notSilencedBy(viewerId));
}

/** The accounts that favourited `statusId`, each with its favourite's id as the page cursor (to paginate). */
export function favouritersQuery(db: DbOrTx, statusId: string) {
  return db
    .selectFrom('favourites')
    .innerJoin('accounts', 'accounts.id', 'favourites.account_id')
    .selectAll('accounts')
    .select('favourites.id as cursor')
    .where('favourites.status_id', '=', statusId);
}

/**
 * The statuses the viewer favourited or bookmarked and can still read, each with its favourite's or bookmark's
 * id as the page cursor (to paginate).
 */
export function markedStatusesQuery(db: DbOrTx, table: 'favourites' | 'bookmarks', viewerId: string) {
  return db
    .selectFrom(table)
    .innerJoin('statuses', 'statuses.id', `${table}.status_id`)
    .selectAll('statuses')
    .select(`${table}.id as cursor`)
    .where(`${table}.account_id`, '=', viewerId)
    .where(visibleTo(viewerId));
}

/**
 * The accepted quotes of `statusId` the viewer can read and did not silence, each with its quote's id as the page
 * cursor (to paginate).
 */
export function acceptedQuotesQuery(db: DbOrTx, statusId: string, viewerId: string) {
  return db
    .selectFrom('quotes')
    .innerJoin('statuses', 'statuses.id', 'quotes.status_id')
    .selectAll('statuses')
    .select('quotes.id as cursor')
    .where('quotes.quoted_status_id', '=', statusId)
    .where('quotes.state', '=', 'accepted')
    .where(visibleTo(viewerId))
    .where(notSilencedBy(viewerId));
}

// ---- writes ----
