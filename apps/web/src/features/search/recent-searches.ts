import { createStore, useStore } from '../../app/stores/create-store';

const STORAGE_KEY = 'palchat.recent-searches';
export const MAX_RECENT_SEARCHES = 5;

function load(): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

const recentStore = createStore<string[]>(load());

function save(list: string[]): void {
  recentStore.set(list);
  try {
    if (list.length > 0) localStorage.setItem(STORAGE_KEY, JSON.stringify(list));
    else localStorage.removeItem(STORAGE_KEY);
  } catch {
    // private browsing may refuse storage: the list then lasts for this page only
  }
}

/** Newest first, without duplicates (case-insensitive), at most MAX_RECENT_SEARCHES. */
export function withRecentSearch(list: readonly string[], q: string): string[] {
  const query = q.trim();
  if (!query) return [...list];
  const rest = list.filter((item) => item.toLowerCase() !== query.toLowerCase());
  return [query, ...rest].slice(0, MAX_RECENT_SEARCHES);
}

export function rememberSearch(q: string): void {
  save(withRecentSearch(recentStore.get(), q));
}

export function clearRecentSearches(): void {
  save([]);
}

export function useRecentSearches(): string[] {
  return useStore(recentStore);
}
