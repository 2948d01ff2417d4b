import { afterEach, describe, expect, it } from 'vitest';
import { recallPosition, rememberPosition } from './list-position-memory';

const at = (scrollTop: number) => ({ rows: [{ key: 'a', size: 100 }], scrollTop });

afterEach(() => window.history.replaceState(null, ''));

describe('list position memory', () => {
  it('recalls a list’s position on the history entry where it was noted, not on another one', () => {
    window.history.replaceState({ key: 'first', idx: 0 }, '');
    rememberPosition('["timeline","home"]', at(300));
    expect(recallPosition('["timeline","home"]')).toEqual(at(300));
    expect(recallPosition('["timeline","public"]')).toBeUndefined();
    window.history.pushState({ key: 'second', idx: 1 }, '');
    expect(recallPosition('["timeline","home"]')).toBeUndefined();
    rememberPosition('["timeline","home"]', at(50));
    window.history.replaceState({ key: 'first', idx: 0 }, '');
    expect(recallPosition('["timeline","home"]')).toEqual(at(300));
  });

  it('forgets the oldest positions beyond the last fifty', () => {
    for (let index = 0; index < 51; index += 1) {
      window.history.replaceState({ key: `entry-${index}`, idx: index }, '');
      rememberPosition('list', at(index));
    }
    window.history.replaceState({ key: 'entry-0', idx: 0 }, '');
    expect(recallPosition('list')).toBeUndefined();
    window.history.replaceState({ key: 'entry-1', idx: 1 }, '');
    expect(recallPosition('list')).toEqual(at(1));
  });
});
