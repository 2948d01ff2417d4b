import type { SearchType } from './search-paging';

/** Query keys of the search results. */
export const searchKeys = {
  ofType: (q: string, type: SearchType) => ['search', q, type] as const,
  top: (q: string) => ['search', q, 'top'] as const,
};
