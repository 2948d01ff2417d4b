import { describe, expect, it } from 'vitest';
import { MAX_RECENT_SEARCHES, withRecentSearch } from './recent-searches';

describe('recent searches', () => {
  it('puts the newest first, once, and keeps a few', () => {
    expect(withRecentSearch(['cats', 'dogs'], ' Dogs ')).toEqual(['Dogs', 'cats']);
    expect(withRecentSearch(['cats'], '   ')).toEqual(['cats']);
    const many = withRecentSearch(['a', 'b', 'c', 'd', 'e'], 'f');
    expect(many).toEqual(['f', 'a', 'b', 'c', 'd']);
    expect(many).toHaveLength(MAX_RECENT_SEARCHES);
  });
});
