import type { CustomEmoji } from '@palchat/api';
import type { EmojiEntry } from './shortcodes';

/**
 * The Unicode emoji set (Emojibase's English data with the iamcal shortcodes Mastodon's picker uses), fetched
 * on first use: it is ~200 KB, far beyond the first screen's budget. Skin-tone variants and the component
 * group (bare skin tones, hair) are left out, as in Mastodon's picker.
 */
let unicodeEmoji: Promise<EmojiEntry[]> | null = null;

/** Emojibase's group numbers the picker shows, in its order (2 is "components"). */
export const EMOJI_GROUPS = [0, 1, 3, 4, 5, 6, 7, 8, 9] as const;
export type EmojiGroup = (typeof EMOJI_GROUPS)[number];

export function loadUnicodeEmoji(): Promise<EmojiEntry[]> {
  unicodeEmoji ??= Promise.all([
    import('emojibase-data/en/compact.json'),
    import('emojibase-data/en/shortcodes/iamcal.json'),
  ])
    .then(([{ default: compact }, { default: shortcodes }]) => {
      const codes = shortcodes as Record<string, string | string[]>;
      return compact.flatMap((emoji): EmojiEntry[] => {
        if (emoji.group === undefined || emoji.group === 2) return [];
        const found = codes[emoji.hexcode];
        return [
          {
            kind: 'unicode',
            unicode: emoji.unicode,
            label: emoji.label,
            shortcodes: found === undefined ? [] : Array.isArray(found) ? found : [found],
            group: emoji.group,
            tags: emoji.tags ?? [],
          },
        ];
      });
    })
    .catch((error: unknown) => {
      // a failed download is tried again the next time
      unicodeEmoji = null;
      throw error;
    });
  return unicodeEmoji;
}

/** The server's custom emojis (GET /api/v1/custom_emojis) that its picker lists. */
export function customEmojiEntries(emojis: readonly CustomEmoji[]): EmojiEntry[] {
  return emojis
    .filter((emoji) => emoji.visible_in_picker)
    .map((emoji) => ({
      kind: 'custom',
      shortcode: emoji.shortcode,
      url: emoji.url,
      staticUrl: emoji.static_url,
      category: emoji.category ?? null,
    }));
}
