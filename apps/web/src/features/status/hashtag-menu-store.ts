import { createStore, useStore } from '../../platform/stores/create-store';

export interface HashtagMenuRequest {
  tag: string;
  /** the author of the status the hashtag was clicked in */
  acct: string;
  /** the hashtag link clicked: the menu stays by it */
  anchor: Element;
}

export const hashtagMenuStore = createStore<HashtagMenuRequest | null>(null);

export function openHashtagMenu(request: HashtagMenuRequest): void {
  hashtagMenuStore.set(request);
}

export function useHashtagMenu(): HashtagMenuRequest | null {
  return useStore(hashtagMenuStore);
}
