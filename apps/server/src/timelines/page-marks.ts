import type { ExpressionBuilder } from 'kysely';
import type { Database } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import type { PageMarks, StatusMarks } from '../statuses/serializer.js';

/** The columns a feed page's statement reads the viewer's marks into (SQLite answers 0 or 1, PostgreSQL a boolean). */
export interface MarkColumns {
  mark_favourited: unknown;
  mark_reblogged: unknown;
  mark_bookmarked: unknown;
  mark_pinned: unknown;
  mark_conversation_muted: unknown;
  viewer_has_filters: unknown;
}

/**
 * The viewer's marks on each status of a page, as columns of the statement that reads the page: what the
 * serializer's marks statement would read for these statuses (statuses/serializer.ts, viewerMarks), one
 * correlated lookup in an index per row and mark, so that a page of plain statuses needs no statement of its
 * own for them (a round trip less on PostgreSQL).
 */
export function markColumns(eb: ExpressionBuilder<Database, 'statuses'>, viewerId: string) {
  return [
    eb
      .exists(
        eb
          .selectFrom('favourites')
          .select('favourites.id')
          .where('favourites.account_id', '=', viewerId)
          .whereRef('favourites.status_id', '=', 'statuses.id'),
      )
      .as('mark_favourited'),
    eb
      .exists(
        eb
          .selectFrom('statuses as boosts')
          .select('boosts.id')
          .where('boosts.account_id', '=', viewerId)
          .whereRef('boosts.reblog_of_id', '=', 'statuses.id')
          .where('boosts.deleted_at', 'is', null),
      )
      .as('mark_reblogged'),
    eb
      .exists(
        eb
          .selectFrom('bookmarks')
          .select('bookmarks.id')
          .where('bookmarks.account_id', '=', viewerId)
          .whereRef('bookmarks.status_id', '=', 'statuses.id'),
      )
      .as('mark_bookmarked'),
    eb
      .exists(
        eb
          .selectFrom('status_pins')
          .select('status_pins.status_id')
          .where('status_pins.account_id', '=', viewerId)
          .whereRef('status_pins.status_id', '=', 'statuses.id'),
      )
      .as('mark_pinned'),
    eb
      .exists(
        eb
          .selectFrom('conversation_mutes')
          .select('conversation_mutes.conversation_id')
          .where('conversation_mutes.account_id', '=', viewerId)
          .whereRef('conversation_mutes.conversation_id', '=', 'statuses.conversation_id'),
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
