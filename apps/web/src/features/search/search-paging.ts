import type { Account, SearchResults, Status, Tag } from '@palchat/api';
import type { Page } from '../../api/client';

/** The single-type tabs of /search, named as GET /api/v2/search's `type`. */
export const SEARCH_TYPES = ['accounts', 'hashtags', 'statuses'] as const;
export type SearchType = (typeof SEARCH_TYPES)[number];

export interface SearchItems {
  accounts: Account;
  hashtags: Tag;
  statuses: Status;
}

export function isSearchType(value: string | null): value is SearchType {
  return (SEARCH_TYPES as readonly string[]).includes(value ?? '');
}

export const SEARCH_PAGE_SIZE = 20;

/**
 * One page of one type of results, paged by offset (the search answers no `Link`): the page param is the
 * offset as text, null for the first page. A full page may have more behind it; signed-out visitors get the
 * first page only (the server wants a user for an offset).
 */
export async function searchPage<K extends SearchType>(
  search: (query: {
    q: string;
    type: K;
    offset: number;
    limit: number;
    resolve: boolean;
  }) => Promise<SearchResults>,
  input: { q: string; type: K; offsetParam: string | null; signedIn: boolean },
): Promise<Page<SearchItems[K]>> {
  const offset = Number(input.offsetParam ?? 0);
  const results = await search({
    q: input.q,
    type: input.type,
    offset,
    limit: SEARCH_PAGE_SIZE,
    // looking a remote account or post up once is enough: the first page does it
    resolve: offset === 0,
  });
  const items = results[input.type] as SearchItems[K][];
  const more = input.signedIn && items.length >= SEARCH_PAGE_SIZE;
  return {
    items,
    next: more ? String(offset + SEARCH_PAGE_SIZE) : null,
    prev: offset > 0 ? String(Math.max(0, offset - SEARCH_PAGE_SIZE)) : null,
  };
}
