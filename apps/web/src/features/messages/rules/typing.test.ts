import { describe, expect, it } from 'vitest';
import { pruneTyping, startTyping, stopTyping, typingIn, typingText } from './typing';

const entry = (user_id: string, display_name: string | null, timestamp = 0) => ({
  user_id,
  display_name,
  username: null,
  conversation_id: 'c1',
  timestamp,
});

describe('typingText', () => {
  it('names one, two or many typists', () => {
    expect(typingText([], 'Someone')).toBeNull();
    expect(typingText([entry('1', 'Ann')], 'Someone')).toEqual({ kind: 'one', name: 'Ann' });
    expect(typingText([entry('1', 'Ann'), entry('2', null)], 'Someone')).toEqual({
      kind: 'two',
      first: 'Ann',
      second: 'Someone',
    });
    expect(typingText([entry('1', 'A'), entry('2', 'B'), entry('3', 'C')], 'Someone')).toEqual({
      kind: 'many',
      names: 'A, B',
      last: 'C',
    });
  });
});

describe('typing entries', () => {
  it('refreshes, stops and expires entries', () => {
    let entries = startTyping([], entry('1', 'Ann', 1000));
    entries = startTyping(entries, entry('1', 'Ann', 2000));
    expect(entries).toHaveLength(1);
    expect(pruneTyping(entries, 5999)).toHaveLength(1);
    expect(pruneTyping(entries, 6000)).toHaveLength(0);
    expect(stopTyping(entries, 'c1', '1')).toHaveLength(0);
    expect(typingIn(entries, 'c1', '1')).toHaveLength(0);
    expect(typingIn(entries, 'c1', 'me')).toHaveLength(1);
  });
});
