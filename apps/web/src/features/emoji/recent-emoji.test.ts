import { describe, expect, it } from 'vitest';
import { MAX_RECENT_EMOJI, withRecentEmoji } from './recent-emoji';

describe('recently used emoji', () => {
  it('puts the emoji just used first', () => {
    expect(withRecentEmoji([], '🚀')).toEqual(['🚀']);
    expect(withRecentEmoji(['😀', ':blobcat:'], '🚀')).toEqual(['🚀', '😀', ':blobcat:']);
  });

  it('moves an emoji used again to the front instead of listing it twice', () => {
    expect(withRecentEmoji(['😀', '🚀', ':blobcat:'], ':blobcat:')).toEqual([':blobcat:', '😀', '🚀']);
    expect(withRecentEmoji(['😀', '🚀'], '😀')).toEqual(['😀', '🚀']);
  });

  it('keeps at most MAX_RECENT_EMOJI, dropping the least recently used', () => {
    const full = Array.from({ length: MAX_RECENT_EMOJI }, (_, index) => `:e${index}:`);
    const next = withRecentEmoji(full, '🚀');
    expect(next).toHaveLength(MAX_RECENT_EMOJI);
    expect(next[0]).toBe('🚀');
    expect(next).not.toContain(`:e${MAX_RECENT_EMOJI - 1}:`);
    expect(next.at(-1)).toBe(`:e${MAX_RECENT_EMOJI - 2}:`);
  });
});
