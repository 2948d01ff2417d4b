import type {
  Filter,
  FilterContext,
  FilterKeyword,
  FilterResult,
  FilterStatus,
  Poll,
  Status,
} from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import { runTemplate } from '../hot-path/index.js';
import type { FilterKeywordsTable, FilterStatusesTable, FiltersTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';

export interface ActiveFilter {
  entity: Filter;
  keywords: { keyword: string; pattern: RegExp }[];
  /** ids of the statuses the filter names */
  statusIds: ReadonlySet<string>;
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

export function filterEntity(
  row: FiltersTable,
  keywords: FilterKeywordsTable[],
  statuses: FilterStatusesTable[],
): Filter {
  return {
    id: row.id,
    title: row.title,
    context: parseContext(row),
    expires_at: row.expires_at,
    filter_action: row.action,
    keywords: keywords.map(keywordEntity),
    statuses: statuses.map(filterStatusEntity),
  };
}

/** Mastodon's FilterKeyword entity. */
export const keywordEntity = (row: FilterKeywordsTable): FilterKeyword => ({
  id: row.id,
  keyword: row.keyword,
  whole_word: row.whole_word === 1,
});

/** Mastodon's FilterStatus entity. */
export const filterStatusEntity = (row: FilterStatusesTable): FilterStatus => ({
  id: row.id,
  status_id: row.status_id,
});

/** The keywords and statuses of each filter, by filter id. */
export async function loadFilterParts(
  db: DbOrTx,
  filterIds: string[],
): Promise<{
  keywordsOf: (id: string) => FilterKeywordsTable[];
  statusesOf: (id: string) => FilterStatusesTable[];
}> {
  const [keywords, statuses] = filterIds.length
    ? await Promise.all([
        db
          .selectFrom('filter_keywords')
          .selectAll()
          .where('filter_id', 'in', filterIds)
          .orderBy('id')
          .execute(),
        db
          .selectFrom('filter_statuses')
          .selectAll()
          .where('filter_id', 'in', filterIds)
          .orderBy('id')
          .execute(),
      ])
    : [[], []];
  return {
    keywordsOf: (id) => keywords.filter((keyword) => keyword.filter_id === id),
    statusesOf: (id) => statuses.filter((status) => status.filter_id === id),
  };
}

/** The viewer's unexpired filters with their compiled keywords. */
export async function loadActiveFilters(db: DbOrTx, accountId: string): Promise<ActiveFilter[]> {
  // read for every page of statuses: a template, not built again each time
  const rows = await runTemplate(db, 'active filters', { account: accountId }, (marker) => {
    const now = nowIso();
    return db
      .selectFrom('filters')
      .selectAll()
      .where('account_id', '=', marker.account!)
      .where((eb) => eb.or([eb('expires_at', 'is', null), eb('expires_at', '>', now)]));
  });
  if (rows.length === 0) return [];
  const { keywordsOf, statusesOf } = await loadFilterParts(
    db,
    rows.map((row) => row.id),
  );
  return rows.map((row) => {
    const own = keywordsOf(row.id);
    const statuses = statusesOf(row.id);
    return {
      entity: filterEntity(row, own, statuses),
      keywords: own.map((keyword) => ({
        keyword: keyword.keyword,
        pattern: keywordPattern(keyword.keyword, keyword.whole_word === 1),
      })),
      statusIds: new Set(statuses.map((status) => status.status_id)),
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
 * keyword in the status or naming the status (the boosted one, for a boost). Without a context, every matching filter. The viewer's
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
    const named = filter.statusIds.has(proper.id);
    return matches.length || named
      ? [
          {
            filter: filter.entity,
            keyword_matches: matches.length ? matches.map((match) => match.keyword) : null,
            status_matches: named ? [proper.id] : null,
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
