import type { Status } from '@palchat/api';
import { createContext, useContext, useMemo } from 'react';
import { filterVerdict, isHiddenByFilters, type FilterScope, type FilterVerdict } from './filter-rules';

/** The filter scope of the statuses below: set by each list (timeline, thread, profile, notifications). */
export const FilterScopeContext = createContext<FilterScope | null>(null);

export function useFilterVerdict(status: Status): FilterVerdict {
  return filterVerdict(status, useContext(FilterScopeContext));
}

/**
 * A stable predicate that keeps what `scope` does not hide: lists drop hidden statuses before rendering,
 * so that no empty row is left in the virtualized list and j/k move from one visible post to the next.
 */
export function useKeepUnfiltered(scope: FilterScope | null): ((status: Status) => boolean) | undefined {
  return useMemo(() => (scope ? (status: Status) => !isHiddenByFilters(status, scope) : undefined), [scope]);
}
