import type { Filter, FilterContext, FilterResult, Status } from '@palchat/api';

/**
 * Where statuses are shown, as Mastodon's filter contexts, and whether a "hide" filter may remove them
 * there. Where the viewer asked for the very post (the opened status, bookmarks, favourites) Mastodon
 * only warns: a post never silently vanishes from a list one built oneself.
 */
export interface FilterScope {
  context: FilterContext;
  hides: boolean;
}

export const FILTER_SCOPES = {
  home: { context: 'home', hides: true },
  public: { context: 'public', hides: true },
  notifications: { context: 'notifications', hides: true },
  thread: { context: 'thread', hides: true },
  account: { context: 'account', hides: true },
  opened: { context: 'thread', hides: false },
  saved: { context: 'public', hides: false },
} as const satisfies Record<string, FilterScope>;

export type FilterVerdict = { action: 'hide' } | { action: 'warn'; titles: string[] } | null;

function isFilterResult(value: unknown): value is FilterResult {
  if (typeof value !== 'object' || value === null || !('filter' in value)) return false;
  const filter = value.filter;
  return typeof filter === 'object' && filter !== null && 'context' in filter && 'filter_action' in filter;
}

function applies(filter: Filter, context: FilterContext, now: number): boolean {
  const unexpired = filter.expires_at === null || Date.parse(filter.expires_at) > now;
  return unexpired && filter.context.includes(context);
}

/**
 * What the viewer's filters do to `status` in `scope`: nothing, a warning naming the matched filters, or
 * hiding it. A boost is judged by the boosted post (the server fills `filtered` on both).
 */
export function filterVerdict(status: Status, scope: FilterScope | null, now = Date.now()): FilterVerdict {
  if (!scope) return null;
  const results = [...(status.reblog?.filtered ?? []), ...(status.filtered ?? [])].filter(isFilterResult);
  const matching = results.map((result) => result.filter).filter((f) => applies(f, scope.context, now));
  if (matching.length === 0) return null;
  if (scope.hides && matching.some((filter) => filter.filter_action === 'hide')) return { action: 'hide' };
  return { action: 'warn', titles: [...new Set(matching.map((filter) => filter.title))] };
}

export function isHiddenByFilters(status: Status, scope: FilterScope | null): boolean {
  return filterVerdict(status, scope)?.action === 'hide';
}
