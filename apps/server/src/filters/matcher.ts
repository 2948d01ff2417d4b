import type { Filter, FilterContext, FilterResult, Poll, Status } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import type { FilterKeywordsTable, FiltersTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

export interface ActiveFilter {
  entity: Filter;
  keywords: { keyword: string; pattern: RegExp }[];
}

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whole-word keywords match between non-word characters (letters in any script count as word). */
function keywordPattern(keyword: string, wholeWord: boolean): RegExp {
  const body = escapeRegExp(keyword);
  return wholeWord
    ? new RegExp(`(?<![\\p{L}\\p{N}_])${body}(?![\\p{L}\\p{N}_])`, 'iu')
    : new RegExp(body, 'iu');
}

export function parseContext(row: Pick<FiltersTable, 'context'>): FilterContext[] {
  const parsed: unknown = JSON.parse(row.context);
  return Array.isArray(parsed) ? (parsed as FilterContext[]) : [];
}

export function filterEntity(row: FiltersTable, keywords: FilterKeywordsTable[]): Filter {
  return {
    id: row.id,
    title: row.title,
    context: parseContext(row),
    expires_at: row.expires_at,
    filter_action: row.action,
    keywords: keywords.map((keyword) => ({
      id: keyword.id,
      keyword: keyword.keyword,
      whole_word: keyword.whole_word === 1,
    })),
    statuses: [],
  };
}

/** The viewer's unexpired filters with their compiled keywords. */
export async function loadActiveFilters(db: DbOrTx, accountId: string): Promise<ActiveFilter[]> {
  const now = nowIso();
  const rows = await db
    .selectFrom('filters')
    .selectAll()
    .where('account_id', '=', accountId)
    .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]))
    .execute();
  if (rows.length === 0) return [];
  const keywords = await db
    .selectFrom('filter_keywords')
    .selectAll()
    .where(
      'filter_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  return rows.map((row) => {
    const own = keywords.filter((keyword) => keyword.filter_id === row.id);
    return {
      entity: filterEntity(row, own),
      keywords: own.map((keyword) => ({
        keyword: keyword.keyword,
        pattern: keywordPattern(keyword.keyword, keyword.whole_word === 1),
      })),
    };
  });
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', '#39': "'", nbsp: ' ' };

/** The visible text of our own status HTML (paragraphs, line breaks, links): no markup, entities decoded. */
export function htmlToText(html: string): string {
  return html
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<\/p>\s*<p>/gi, '\n\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&(amp|lt|gt|quot|#39|nbsp);/g, (_, name: string) => ENTITIES[name] ?? '');
}

/** What filters look at (Mastodon's searchable_text): warning, text, poll options, media descriptions. */
function searchableText(status: Status): string {
  return [
    status.spoiler_text,
    htmlToText(status.content),
    ...((status.poll as Poll | null)?.options.map((option) => option.title) ?? []),
    ...status.media_attachments.map((media) => media.description ?? ''),
  ].join('\n\n');
}

/**
 * Mastodon's Status.filtered as `viewerId` sees `status` in `context`: every filter for that context with a
 * keyword in the status (the boosted one, for a boost). Without a context, every matching filter. The viewer's
 * own statuses are never filtered.
 */
export function filterResultsFor(
  filters: readonly ActiveFilter[],
  status: Status,
  viewerId: string,
  context?: FilterContext,
): FilterResult[] {
  const proper = status.reblog ?? status;
  if (filters.length === 0 || proper.account.id === viewerId) return [];
  const text = searchableText(proper);
  return filters.flatMap((filter) => {
    if (context && !filter.entity.context.includes(context)) return [];
    const matches = filter.keywords.filter((keyword) => keyword.pattern.test(text));
    return matches.length
      ? [
          {
            filter: filter.entity,
            keyword_matches: matches.map((match) => match.keyword),
            status_matches: null,
          },
        ]
      : [];
  });
}

/** Whether a `hide` filter matched: such statuses are left out where Mastodon leaves them out (notifications). */
export const hiddenByFilters = (status: Pick<Status, 'filtered'>): boolean =>
  ((status.filtered ?? []) as FilterResult[]).some((result) => result.filter.filter_action === 'hide');

/**
 * A streamed status (encoded once for everyone) with `filtered` as this subscriber sees it in `context`,
 * for the status and the boosted one alike.
 */
export async function withFilterResults(
  db: DbOrTx,
  viewerId: string,
  payload: string,
  context: FilterContext,
): Promise<string> {
  const filters = await loadActiveFilters(db, viewerId);
  if (filters.length === 0) return payload;
  const status = JSON.parse(payload) as Status;
  const filtered = filterResultsFor(filters, status, viewerId, context);
  if (filtered.length === 0) return payload;
  const reblog = status.reblog ? { ...status.reblog, filtered } : null;
  return JSON.stringify({ ...status, reblog, filtered });
}
