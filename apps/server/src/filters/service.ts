import type { Filter, FilterInput } from '@palchat/api';
import type { Db } from '../db/index.js';
import type { FiltersTable } from '../db/schema.js';
import { notFound } from '../http/errors.js';
import { isId, newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { filterEntity } from './matcher.js';

const expiryOf = (expiresIn: number | null | undefined): string | null =>
  expiresIn ? new Date(Date.now() + expiresIn * 1000).toISOString() : null;

export async function renderFilters(db: Db, rows: FiltersTable[]): Promise<Filter[]> {
  if (rows.length === 0) return [];
  const keywords = await db
    .selectFrom('filter_keywords')
    .selectAll()
    .where(
      'filter_id',
      'in',
      rows.map((row) => row.id),
    )
    .orderBy('id')
    .execute();
  return rows.map((row) =>
    filterEntity(
      row,
      keywords.filter((keyword) => keyword.filter_id === row.id),
    ),
  );
}

export async function findOwnFilter(db: Db, accountId: string, id: string): Promise<FiltersTable> {
  const row = isId(id)
    ? await db
        .selectFrom('filters')
        .selectAll()
        .where('id', '=', id.padStart(18, '0'))
        .where('account_id', '=', accountId)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

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
      const keywordId = entry.id && isId(entry.id) ? entry.id.padStart(18, '0') : null;
      if (keywordId && entry._destroy) {
        await tx
          .deleteFrom('filter_keywords')
          .where('id', '=', keywordId)
          .where('filter_id', '=', filter.id)
          .execute();
      } else if (keywordId) {
        await tx
          .updateTable('filter_keywords')
          .set({
            ...(entry.keyword ? { keyword: entry.keyword } : {}),
            ...(entry.whole_word !== undefined
              ? { whole_word: entry.whole_word ? (1 as const) : (0 as const) }
              : {}),
          })
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
