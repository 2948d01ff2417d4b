/** One emoji the picker and the `:shortcode:` completion offer: a Unicode one, or one of the server's own. */
export type EmojiEntry =
  | { kind: 'unicode'; unicode: string; label: string; shortcodes: string[]; group: number; tags: string[] }
  | { kind: 'custom'; shortcode: string; url: string; staticUrl: string; category: string | null };

/** What a picked emoji puts into the text: the character, or `:shortcode:` for a custom one. */
export function emojiText(entry: EmojiEntry): string {
  return entry.kind === 'unicode' ? entry.unicode : `:${entry.shortcode}:`;
}

export function emojiKey(entry: EmojiEntry): string {
  return entry.kind === 'unicode' ? entry.unicode : `:${entry.shortcode}:`;
}

function shortcodesOf(entry: EmojiEntry): string[] {
  return entry.kind === 'unicode' ? entry.shortcodes : [entry.shortcode];
}

/**
 * The `:shortcode` being typed before the caret, as on Mastodon: a colon at the start or after a space or an
 * opening bracket (so that "12:30" is no shortcode), then at least two letters, digits, `_`, `+` or `-`.
 */
export function shortcodeAtCaret(text: string, caret: number): { query: string; start: number } | null {
  const match = /(?:^|[\s(]):([\w+-]{2,})$/u.exec(text.slice(0, caret));
  if (!match?.[1]) return null;
  return { query: match[1].toLowerCase(), start: caret - match[1].length - 1 };
}

/**
 * The emoji whose shortcode fits `query`: those a shortcode of which starts with it first (shortest
 * shortcode first, so that `:smile` offers 😄 before 😸), then those with the query inside a shortcode,
 * then those whose name or keywords start with it.
 */
export function matchShortcodes(entries: readonly EmojiEntry[], query: string, limit = 5): EmojiEntry[] {
  const q = query.toLowerCase();
  if (!q) return [];
  const ranked: { entry: EmojiEntry; rank: number; length: number; order: number }[] = [];
  entries.forEach((entry, order) => {
    const codes = shortcodesOf(entry);
    const prefix = codes.filter((code) => code.startsWith(q));
    let rank = -1;
    let length = 0;
    if (prefix.length > 0) {
      rank = 0;
      length = Math.min(...prefix.map((code) => code.length));
    } else if (codes.some((code) => code.includes(q))) {
      rank = 1;
    } else if (
      entry.kind === 'unicode' &&
      (entry.label
        .toLowerCase()
        .split(/\s+/)
        .some((word) => word.startsWith(q)) ||
        entry.tags.some((tag) => tag.startsWith(q)))
    ) {
      rank = 2;
    }
    if (rank >= 0) ranked.push({ entry, rank, length, order });
  });
  ranked.sort((a, b) => a.rank - b.rank || a.length - b.length || a.order - b.order);
  return ranked.slice(0, limit).map((item) => item.entry);
}

/** The picker's search: every emoji whose shortcodes, name or keywords contain each word of the query. */
export function searchEmoji(entries: readonly EmojiEntry[], query: string): EmojiEntry[] {
  const words = query.toLowerCase().trim().split(/\s+/).filter(Boolean);
  if (words.length === 0) return [];
  return entries.filter((entry) => {
    const haystack = [
      ...shortcodesOf(entry),
      ...(entry.kind === 'unicode' ? [entry.label.toLowerCase(), ...entry.tags] : []),
    ].join(' ');
    return words.every((word) => haystack.includes(word));
  });
}
