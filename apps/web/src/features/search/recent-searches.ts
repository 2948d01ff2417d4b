import { useStore } from '../../platform/stores/create-store';
import { createStoredList } from '../../platform/stores/stored-list';

export const MAX_RECENT_SEARCHES = 5;

const recent = createStoredList('palchat.recent-searches');

/** Newest first, without duplicates (case-insensitive), at most MAX_RECENT_SEARCHES. */
export function withRecentSearch(list: readonly string[], q: string): string[] {
  const query = q.trim();
  if (!query) return [...list];
  const rest = list.filter((item) => item.toLowerCase() !== query.toLowerCase());
  return [query, ...rest].slice(0, MAX_RECENT_SEARCHES);
}

export function rememberSearch(q: string): void {
  recent.save(withRecentSearch(recent.store.get(), q));
}

export function clearRecentSearches(): void {
  recent.save([]);
}

export function useRecentSearches(): string[] {
  return useStore(recent.store);
}
