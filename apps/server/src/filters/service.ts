import type { Filter, FilterInput } from '@palchat/api';
import type { Db } from '../db/index.js';
import type { FilterKeywordsTable, FilterStatusesTable, FiltersTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { filterEntity, loadFilterParts } from './matcher.js';

const expiryOf = (expiresIn: number | null | undefined): string | null =>
  expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;

export async function renderFilters(db: Db, rows: FiltersTable[]): Promise<Filter[]> {
  const { keywordsOf, statusesOf } = await loadFilterParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => filterEntity(row, keywordsOf(row.id), statusesOf(row.id)));
}

export async function findOwnFilter(db: Db, accountId: string, id: string): Promise<FiltersTable> {
  const row = isId(id)
    ? await db
        .selectFrom('filters')
        .selectAll()
        .where('id', '=', storedId(id))
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

/** A keyword (table `filter_keywords`) or filtered status (`filter_statuses`) of one of the account's filters. */
async function findOwnPart<T extends 'filter_keywords' | 'filter_statuses'>(
  db: Db,
  table: T,
  accountId: string,
  id: string,
) {
  const row = isId(id)
    ? await db
        .selectFrom(table as 'filter_keywords')
        .innerJoin('filters', 'filters.id', 'filter_id')
        .selectAll(table as 'filter_keywords')
        .where(`${table as 'filter_keywords'}.id`, '=', storedId(id))
        .where('filters.account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row as unknown as T extends 'filter_keywords' ? FilterKeywordsTable : FilterStatusesTable;
}

export const findOwnKeyword = (db: Db, accountId: string, id: string): Promise<FilterKeywordsTable> =>
  findOwnPart(db, 'filter_keywords', accountId, id);

export const findOwnFilterStatus = (db: Db, accountId: string, id: string): Promise<FilterStatusesTable> =>
  findOwnPart(db, 'filter_statuses', accountId, id);

export async function createFilter(db: Db, accountId: string, input: FilterInput): Promise<FiltersTable> {
  const row: FiltersTable = {
    id: newId(),
    account_id: accountId,
    title: input.title,
    context: JSON.stringify([...new Set(input.context)]),
    action: input.filter_action,
    expires_at: expiryOf(input.expires_in),
    created_at: nowIso(),
  };
  await db.transaction().execute(async (tx) => {
    await tx.insertInto('filters').values(row).execute();
    const keywords = (input.keywords_attributes ?? []).filter((entry) => entry.keyword && !entry._destroy);
    if (keywords.length) {
      await tx
        .insertInto('filter_keywords')
        .values(
          keywords.map((entry) => ({
            id: newId(),
            filter_id: row.id,
            keyword: entry.keyword ?? '',
            whole_word: entry.whole_word === false ? (0 as const) : (1 as const),
          })),
        )
        .execute();
    }
  });
  return row;
}

/** The columns a keyword entry changes: its keyword when it gives one, whole_word when it gives it. */
export function keywordChanges(entry: { keyword?: string | undefined; whole_word?: boolean | undefined }) {
  return {
    ...(entry.keyword ? { keyword: entry.keyword } : {}),
    ...(entry.whole_word !== undefined ? { whole_word: entry.whole_word ? (1 as const) : (0 as const) } : {}),
  };
}

/** Replaces title, context, action and expiry; keyword entries with an id are updated or (_destroy) removed. */
export async function updateFilter(
  db: Db,
  filter: FiltersTable,
  input: Partial<FilterInput>,
): Promise<FiltersTable> {
  return db.transaction().execute(async (tx) => {
    const changes: Partial<FiltersTable> = {};
    if (input.title !== undefined) changes.title = input.title;
    if (input.context !== undefined) changes.context = JSON.stringify([...new Set(input.context)]);
    if (input.filter_action !== undefined) changes.action = input.filter_action;
    if (input.expires_in !== undefined) changes.expires_at = expiryOf(input.expires_in);
    if (Object.keys(changes).length)
      await tx.updateTable('filters').set(changes).where('id', '=', filter.id).execute();
    for (const entry of input.keywords_attributes ?? []) {
      const keywordId = entry.id && isId(entry.id) ? storedId(entry.id) : null;
      if (keywordId && entry._destroy) {
        await tx
          .deleteFrom('filter_keywords')
          .where('id', '=', keywordId)
          .where('filter_id', '=', filter.id)
          .execute();
      } else if (keywordId) {
        const changes = keywordChanges(entry);
        // an entry that changes nothing (PUT /api/v1/filters/:id with only a context) must not UPDATE … SET nothing
        if (Object.keys(changes).length === 0) continue;
        await tx
          .updateTable('filter_keywords')
          .set(changes)
          .where('id', '=', keywordId)
          .where('filter_id', '=', filter.id)
          .execute();
      } else if (entry.keyword && !entry._destroy) {
        await tx
          .insertInto('filter_keywords')
          .values({
            id: newId(),
            filter_id: filter.id,
            keyword: entry.keyword,
            whole_word: entry.whole_word === false ? 0 : 1,
          })
          .execute();
      }
    }
    return tx.selectFrom('filters').selectAll().where('id', '=', filter.id).executeTakeFirstOrThrow();
  });
}
