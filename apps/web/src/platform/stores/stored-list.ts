import { createStore, type Store } from './create-store';

function load(key: string): string[] {
  try {
    const stored: unknown = JSON.parse(localStorage.getItem(key) ?? '[]');
    return Array.isArray(stored) ? stored.filter((item): item is string => typeof item === 'string') : [];
  } catch {
    return [];
  }
}

/** A list of strings kept in this browser (localStorage under `key`), read once as the module loads. */
export function createStoredList(key: string): { store: Store<string[]>; save: (list: string[]) => void } {
  const store = createStore<string[]>(load(key));
  return {
    store,
    save(list) {
      store.set(list);
      try {
        if (list.length > 0) localStorage.setItem(key, JSON.stringify(list));
        else localStorage.removeItem(key);
      } catch {
        // private browsing may refuse storage: the list then lasts for this page only
      }
    },
  };
}
