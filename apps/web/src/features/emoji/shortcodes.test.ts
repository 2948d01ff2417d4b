import { describe, expect, it } from 'vitest';
import { matchShortcodes, searchEmoji, shortcodeAtCaret, type EmojiEntry } from './shortcodes';

const unicode = (emoji: string, label: string, shortcodes: string[], tags: string[] = []): EmojiEntry => ({
  kind: 'unicode',
  unicode: emoji,
  label,
  shortcodes,
  group: 0,
  tags,
});
const entries: EmojiEntry[] = [
  unicode('😸', 'grinning cat with smiling eyes', ['smile_cat']),
  unicode('😄', 'grinning face with smiling eyes', ['smile']),
  unicode('😃', 'grinning face with big eyes', ['smiley']),
  unicode('😏', 'smirking face', ['smirk']),
  unicode('🙂', 'slightly smiling face', ['slightly_smiling_face'], ['face', 'smile']),
  { kind: 'custom', shortcode: 'blobsmile', url: '/e/b.png', staticUrl: '/e/b.png', category: null },
  unicode('👍', 'thumbs up', ['+1', 'thumbsup']),
];

describe('shortcodeAtCaret', () => {
  it('finds a colon and two characters before the caret', () => {
    expect(shortcodeAtCaret('hello :smi', 10)).toEqual({ query: 'smi', start: 6 });
    expect(shortcodeAtCaret(':+1', 3)).toEqual({ query: '+1', start: 0 });
    expect(shortcodeAtCaret('(:Thumb', 7)).toEqual({ query: 'thumb', start: 1 });
  });
  it('needs two characters and a colon that starts a word', () => {
    expect(shortcodeAtCaret('hello :s', 8)).toBeNull();
    expect(shortcodeAtCaret('at 12:30', 8)).toBeNull();
    expect(shortcodeAtCaret('https://x', 9)).toBeNull();
    expect(shortcodeAtCaret(':smile: done', 12)).toBeNull();
  });
  it('only looks before the caret', () => {
    expect(shortcodeAtCaret('a :smi and more', 6)).toEqual({ query: 'smi', start: 2 });
  });
});

describe('matchShortcodes', () => {
  it('puts the shortest shortcode starting with the query first', () => {
    const found = matchShortcodes(entries, 'smi', 10);
    expect(found.map((e) => (e.kind === 'unicode' ? e.unicode : e.shortcode))).toEqual([
      '😄',
      '😏',
      '😃',
      '😸',
      '🙂',
      'blobsmile',
    ]);
  });
  it('offers custom emoji and shortcodes with symbols', () => {
    expect(matchShortcodes(entries, 'blob')).toEqual([entries[5]]);
    expect(matchShortcodes(entries, '+1')).toEqual([entries[6]]);
  });
  it('respects the limit and ignores an empty query', () => {
    expect(matchShortcodes(entries, 'smi', 2)).toHaveLength(2);
    expect(matchShortcodes(entries, '')).toEqual([]);
    expect(matchShortcodes(entries, 'zzz')).toEqual([]);
  });
});

describe('searchEmoji', () => {
  it('matches every word against shortcodes, names and keywords', () => {
    expect(searchEmoji(entries, 'grinning cat')).toEqual([entries[0]]);
    expect(searchEmoji(entries, 'thumbs')).toEqual([entries[6]]);
    expect(searchEmoji(entries, '  ')).toEqual([]);
  });
});
