import { useStore } from '../../platform/stores/create-store';
import { createStoredList } from '../../platform/stores/stored-list';

/** The picker shows two rows of them, as many as its width holds: two rows of the widest picker are kept. */
export const RECENT_EMOJI_ROWS = 2;
export const MAX_RECENT_EMOJI = 32;

/** Emoji keys (emojiKey: the character, or `:shortcode:` for a custom emoji), kept per browser. */
const recent = createStoredList('palchat.recent-emoji');

/** The emoji just used first, then the others from the most recently used, each once, at most MAX_RECENT_EMOJI. */
export function withRecentEmoji(list: readonly string[], key: string): string[] {
  return [key, ...list.filter((item) => item !== key)].slice(0, MAX_RECENT_EMOJI);
}

export function rememberEmoji(key: string): void {
  recent.save(withRecentEmoji(recent.store.get(), key));
}

export function useRecentEmoji(): string[] {
  return useStore(recent.store);
}
