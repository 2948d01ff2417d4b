// What other features may use of filters: import it from here, never from the files inside.
export { FilteredStatusBar } from './FilteredStatusBar';
export { FILTER_SCOPES, isHiddenByFilters } from './filter-rules';
export type { FilterScope } from './filter-rules';
export { FilterScopeContext, useFilterVerdict, useKeepUnfiltered } from './filter-scope';
