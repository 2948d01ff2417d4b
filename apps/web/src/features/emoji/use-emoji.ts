import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { customEmojis } from './api';
import { customEmojiEntries, loadUnicodeEmoji } from './emoji-data';
import type { EmojiEntry } from './shortcodes';
import { emojiKeys } from './query-keys';

/**
 * Every emoji the composer offers, the server's custom ones first; null until loaded. Nothing is fetched
 * while `enabled` is false (the picker closed, no `:shortcode` typed).
 */
export function useEmojiEntries(enabled: boolean): EmojiEntry[] | null {
  const unicode = useQuery({
    queryKey: emojiKeys.unicode,
    queryFn: loadUnicodeEmoji,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const custom = useQuery({
    queryKey: emojiKeys.custom,
    queryFn: ({ signal }) => customEmojis.all(signal),
    enabled,
    staleTime: 5 * 60_000,
  });
  return useMemo(
    () => (unicode.data ? [...customEmojiEntries(custom.data ?? []), ...unicode.data] : null),
    [unicode.data, custom.data],
  );
}
