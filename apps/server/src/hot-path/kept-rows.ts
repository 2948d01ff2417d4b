import type { AccountsTable, StatusesTable } from '../db/schema.js';
import type { Db } from '../db/index.js';
import { boundList, inBoundList } from './bound-lists.js';
import { runTemplate } from './query-templates.js';
import { keepNewest, perObject } from '../lib/per-object.js';

/** Tables whose every update changes the row's `version` (a trigger: migrations 0026 and 0027). */
interface VersionedRows {
  statuses: StatusesTable;
  accounts: AccountsTable;
}
type VersionedTable = keyof VersionedRows;

/** A row as a page first reads it: which one, and at which version (unknown: the row must be read). */
export interface RowVersion {
  id: string;
  version: number | undefined;
}

/** Rows kept per database and table (each server process keeps its own). */
export const ROWS_KEPT = 10_000;

const cacheOf = perObject<Db, { [T in VersionedTable]: Map<string, VersionedRows[T]> }>(() => ({
  statuses: new Map(),
  accounts: new Map(),
}));

/**
 * The whole rows of `table` named by `versions`, in their order: a row kept at the version the page read is the
 * row itself, the others (and those whose version is unknown) are read in one statement and kept. A row gone
 * since the page was read is left out. A kept row is the same object from page to page, which lets the kept
 * renderings (hot-path/rendered-statuses.ts) recognize it without comparing its columns.
 */
export async function keptRowsAt<T extends VersionedTable>(
  db: Db,
  table: T,
  versions: readonly RowVersion[],
): Promise<VersionedRows[T][]> {
  const cache = cacheOf(db)[table] as Map<string, VersionedRows[T]>;
  const stale: string[] = [];
  for (const { id, version } of versions) {
    if (version === undefined || cache.get(id)?.version !== version) stale.push(id);
  }
  if (stale.length > 0) {
    const rows = (await runTemplate(db, `${table} rows by id`, { ids: boundList(db, stale) }, (marker) =>
      db
        // eslint-disable-next-line @typescript-eslint/no-unnecessary-type-assertion -- widened to the constraint for kysely's overloads (tsc fails without)
        .selectFrom(table as VersionedTable)
        .selectAll()
        .where(inBoundList(db, `${table}.id`, marker.ids!)),
    )) as VersionedRows[T][];
    for (const id of stale) cache.delete(id);
    for (const row of rows) cache.set(row.id, row);
    keepNewest(cache, ROWS_KEPT);
  }
  const kept: VersionedRows[T][] = [];
  for (const { id } of versions) {
    const row = cache.get(id);
    if (row) kept.push(row);
  }
  return kept;
}
