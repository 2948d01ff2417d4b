import type { Db, DbOrTx } from '../db/index.js';
import type { FilterKeywordsTable, FilterStatusesTable } from '../db/schema.js';

/** The reads and writes of a user's filters, their keywords and their statuses that the API's routes need. */

// ---- reads ----

export async function listOwnFilters(db: DbOrTx, accountId: string) {
  return db.selectFrom('filters').selectAll().where('account_id', '=', accountId).orderBy('id').execute();
}

/** Every keyword of the account's filters with its filter (a v1 filter each), in keyword order. */
export async function listOwnKeywordsWithFilters(db: DbOrTx, accountId: string) {
  return db
    .selectFrom('filter_keywords')
    .innerJoin('filters', 'filters.id', 'filter_keywords.filter_id')
    .selectAll('filters')
    .select(['filter_keywords.id as keyword_id', 'filter_keywords.keyword', 'filter_keywords.whole_word'])
    .where('filters.account_id', '=', accountId)
    .orderBy('filter_keywords.id')
    .execute();
}

/** The keyword of a filter that has one (a filter made from a v1 filter). */
export async function firstKeywordOf(db: DbOrTx, filterId: string): Promise<FilterKeywordsTable> {
  return db
    .selectFrom('filter_keywords')
    .selectAll()
    .where('filter_id', '=', filterId)
    .executeTakeFirstOrThrow();
}

export async function countKeywordsOf(db: DbOrTx, filterId: string): Promise<number> {
  const rows = await db
    .selectFrom('filter_keywords')
    .select('id')
    .where('filter_id', '=', filterId)
    .execute();
  return rows.length;
}

// ---- writes ----

export async function deleteFilter(db: DbOrTx, filterId: string): Promise<void> {
  await db.deleteFrom('filters').where('id', '=', filterId).execute();
}

export async function insertKeyword(db: DbOrTx, row: FilterKeywordsTable): Promise<void> {
  await db.insertInto('filter_keywords').values(row).execute();
}

export async function updateKeyword(
  db: DbOrTx,
  keywordId: string,
  changes: Partial<Omit<FilterKeywordsTable, 'id'>>,
): Promise<void> {
  await db.updateTable('filter_keywords').set(changes).where('id', '=', keywordId).execute();
}

export async function deleteKeyword(db: DbOrTx, keywordId: string): Promise<void> {
  await db.deleteFrom('filter_keywords').where('id', '=', keywordId).execute();
}

/** Deletes a keyword, and its filter when that leaves the filter nothing to match (no keyword, no status). */
export async function deleteKeywordAndEmptyFilter(
  db: Db,
  keywordId: string,
  filterId: string,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await deleteKeyword(tx, keywordId);
    const left = await tx
      .selectFrom('filter_keywords')
      .select('id')
      .where('filter_id', '=', filterId)
      .union(tx.selectFrom('filter_statuses').select('id').where('filter_id', '=', filterId))
      .executeTakeFirst();
    if (!left) await deleteFilter(tx, filterId);
  });
}

/** Adds a status to a filter; false when the filter already has it. */
export async function insertFilterStatus(db: DbOrTx, row: FilterStatusesTable): Promise<boolean> {
  const inserted = await db
    .insertInto('filter_statuses')
    .values(row)
    .onConflict((oc) => oc.columns(['filter_id', 'status_id']).doNothing())
    .executeTakeFirst();
  return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
}

export async function deleteFilterStatus(db: DbOrTx, id: string): Promise<void> {
  await db.deleteFrom('filter_statuses').where('id', '=', id).execute();
}
