import type { Filter, FilterContext, FilterResult } from '@palchat/api';
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

/** Mastodon's Status.filtered: every filter with a keyword found in the text or content warning. */
export function matchFilters(filters: ActiveFilter[], text: string): FilterResult[] {
  return filters.flatMap((filter) => {
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
