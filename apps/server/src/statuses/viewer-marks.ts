import { expressionBuilder, sql, type SelectQueryBuilder } from 'kysely';
import type { Db } from '../db/index.js';
import type { Database, StatusesTable } from '../db/schema.js';
import { boundList, boundListTable, runTemplate } from '../hot-path/index.js';
import { nowIso } from '../lib/time.js';

/** The viewer's marks on one status, and on the conversation it belongs to. */
export interface StatusMarks {
  favourited: boolean;
  reblogged: boolean;
  bookmarked: boolean;
  pinned: boolean;
  conversationMuted: boolean;
}

/**
 * The viewer's marks on some statuses, by status id, with whether the viewer has an active filter at all: read
 * along with a page's statuses (markColumns), or by readViewerMarks() for the statuses a page did not hold.
 */
export interface PageMarks {
  byStatus: ReadonlyMap<string, StatusMarks>;
  hasFilters: boolean;
}

/** The columns markColumns() adds to a statement (SQLite answers 0 or 1, PostgreSQL a boolean). */
export interface MarkColumns {
  mark_favourited: unknown;
  mark_reblogged: unknown;
  mark_bookmarked: unknown;
  mark_pinned: unknown;
  mark_conversation_muted: unknown;
  viewer_has_filters: unknown;
}

/**
 * What makes each of the viewer's marks on the status row `table` of the statement they are added to: a
 * correlated lookup in an index per row and mark, so that the statement reading a page reads its marks too (no
 * statement of their own, a round trip less on PostgreSQL). The one definition of the marks: pages read them
 * with their statuses, the serializer with readViewerMarks() for the statuses a page did not hold.
 */
export function markColumns(viewerId: string, table: 'statuses' | 'page' = 'statuses') {
  const eb = expressionBuilder<Database, 'statuses'>();
  const statusId = sql.ref<string>(`${table}.id`);
  /** the viewer's row for the status in `marks`: a favourite, a bookmark, a pin */
  const viewerRow = (marks: 'favourites' | 'bookmarks' | 'status_pins') =>
    eb.exists(
      eb
        .selectFrom(marks)
        .select(sql.ref<string>(`${marks}.status_id`).as('status_id'))
        .where(sql.ref<string>(`${marks}.account_id`), '=', viewerId)
        .where(sql.ref<string>(`${marks}.status_id`), '=', statusId),
    );
  return [
    viewerRow('favourites').as('mark_favourited'),
    eb
      .exists(
        eb
          .selectFrom('statuses as boosts')
          .select('boosts.id')
          .where('boosts.account_id', '=', viewerId)
          .where('boosts.reblog_of_id', '=', statusId)
          .where('boosts.deleted_at', 'is', null),
      )
      .as('mark_reblogged'),
    viewerRow('bookmarks').as('mark_bookmarked'),
    viewerRow('status_pins').as('mark_pinned'),
    eb
      .exists(
        eb
          .selectFrom('conversation_mutes')
          .select('conversation_mutes.conversation_id')
          .where('conversation_mutes.account_id', '=', viewerId)
          .where('conversation_mutes.conversation_id', '=', sql.ref<string>(`${table}.conversation_id`)),
      )
      .as('mark_conversation_muted'),
    // the same for every row (evaluated once): whether the serializer must read the viewer's filters
    eb
      .exists(
        eb
          .selectFrom('filters')
          .select('filters.id')
          .where('filters.account_id', '=', viewerId)
          .where((inner) =>
            inner.or([inner('filters.expires_at', 'is', null), inner('filters.expires_at', '>', nowIso())]),
          ),
      )
      .as('viewer_has_filters'),
  ] as const;
}

/** The marks of a page's rows as the serializer takes them; no rows: none known. */
export function pageMarksOf(rows: readonly (MarkColumns & { id: string })[]): PageMarks | undefined {
  if (rows.length === 0) return undefined;
  const byStatus = new Map<string, StatusMarks>();
  for (const row of rows) {
    byStatus.set(row.id, {
      favourited: Boolean(row.mark_favourited),
      reblogged: Boolean(row.mark_reblogged),
      bookmarked: Boolean(row.mark_bookmarked),
      pinned: Boolean(row.mark_pinned),
      conversationMuted: Boolean(row.mark_conversation_muted),
    });
  }
  return { byStatus, hasFilters: Boolean(rows[0]!.viewer_has_filters) };
}

/** The marks of two parts of one page (a page that reaches below its feed's floor), either possibly unknown. */
export function joinedMarks(
  newer: PageMarks | undefined,
  older: PageMarks | undefined,
): PageMarks | undefined {
  if (!newer || !older) return newer ?? older;
  return {
    byStatus: new Map([...older.byStatus, ...newer.byStatus]),
    hasFilters: newer.hasFilters || older.hasFilters,
  };
}

/**
 * The rows of `page` (whole status rows, one page: ordered and limited), with the viewer's marks on each
 * (splitMarks() parts them). The page is read first and its marks after (a materialized CTE), so that a plan that
 * sorts what it read to keep a page looks marks up for the page's rows only.
 */
export function withMarks(
  db: Db,
  page: SelectQueryBuilder<Database, 'statuses', StatusesTable>,
  order: 'asc' | 'desc',
  viewerId: string,
) {
  return db
    .with(
      (cte) => cte('page').materialized(),
      () => page,
    )
    .selectFrom('page')
    .selectAll('page')
    .select(markColumns(viewerId, 'page'))
    .orderBy('page.id', order);
}

/** The status rows of a page read withMarks(), and their marks. */
export function splitMarks(read: readonly (StatusesTable & MarkColumns)[]): {
  rows: StatusesTable[];
  marks: PageMarks | undefined;
} {
  const rows = read.map(
    ({
      mark_favourited: _favourited,
      mark_reblogged: _reblogged,
      mark_bookmarked: _bookmarked,
      mark_pinned: _pinned,
      mark_conversation_muted: _muted,
      viewer_has_filters: _filters,
      ...row
    }): StatusesTable => row,
  );
  return { rows, marks: pageMarksOf(read) };
}

/**
 * The viewer's marks on the statuses `ids` (at least one) in one statement, its list bound as one value so that
 * its text is the same for every page, driven by the ids (a left join: a row for each, whatever became of it).
 */
export async function readViewerMarks(db: Db, viewerId: string, ids: readonly string[]): Promise<PageMarks> {
  const rows = await runTemplate(
    db,
    'viewer marks',
    { viewer: viewerId, ids: boundList(db, ids) },
    (marker) =>
      db
        .selectFrom(boundListTable(db, marker.ids!, 'marked_ids'))
        .leftJoin('statuses', 'statuses.id', 'marked_ids.value')
        .select(['marked_ids.value as id', ...markColumns(marker.viewer!)]),
  );
  return pageMarksOf(rows)!;
}
