import type { Db } from '../db/index.js';
import type { StatusesTable } from '../db/schema.js';
import { boundList, inBoundList } from '../db/bound-lists.js';
import { runTemplate } from '../db/query-templates.js';
import { keepNewest, perObject } from '../lib/per-object.js';

/** A status as a page first reads it: which one, and at which version of its row. */
export interface StatusVersion {
  id: string;
  version: number;
}

/** Status rows kept per database (each server process keeps its own). */
export const STATUS_ROWS_KEPT = 10_000;

const cacheOf = perObject<Db, Map<string, StatusesTable>>(() => new Map());

/**
 * The whole rows of `statuses`, in their order: a row kept at the version the page read is the row itself (every
 * update of a status changes its version, see migration 0026), the others are read in one statement and kept.
 * A status gone since the page was read is left out. A kept row is the same object from page to page, which
 * lets the kept renderings recognize it without comparing its columns.
 */
export async function statusRowsAt(db: Db, statuses: readonly StatusVersion[]): Promise<StatusesTable[]> {
  const cache = cacheOf(db);
  const stale = statuses.filter(({ id, version }) => cache.get(id)?.version !== version).map(({ id }) => id);
  if (stale.length > 0) {
    const rows = await runTemplate(db, 'status rows by id', { ids: boundList(db, stale) }, (marker) =>
      db
        .selectFrom('statuses')
        .selectAll()
        .where(inBoundList(db, 'statuses.id', marker.ids!)),
    );
    for (const row of rows) {
      cache.delete(row.id);
      cache.set(row.id, row);
    }
    keepNewest(cache, STATUS_ROWS_KEPT);
  }
  return statuses.flatMap(({ id }) => {
    const row = cache.get(id);
    return row ? [row] : [];
  });
}
