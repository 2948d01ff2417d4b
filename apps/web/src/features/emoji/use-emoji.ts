import type { CustomEmoji } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { customEmojiEntries, loadUnicodeEmoji } from './emoji-data';
import type { EmojiEntry } from './shortcodes';

/**
 * Every emoji the composer offers, the server's custom ones first; null until loaded. Nothing is fetched
 * while `enabled` is false (the picker closed, no `:shortcode` typed).
 */
export function useEmojiEntries(enabled: boolean): EmojiEntry[] | null {
  const unicode = useQuery({
    queryKey: ['emoji', 'unicode'],
    queryFn: loadUnicodeEmoji,
    enabled,
    staleTime: Infinity,
    gcTime: Infinity,
  });
  const custom = useQuery({
    queryKey: ['custom_emojis'],
    queryFn: ({ signal }) => api.get<CustomEmoji[]>('/api/v1/custom_emojis', { signal }),
    enabled,
    staleTime: 5 * 60_000,
  });
  return useMemo(
    () => (unicode.data ? [...customEmojiEntries(custom.data ?? []), ...unicode.data] : null),
    [unicode.data, custom.data],
  );
}
