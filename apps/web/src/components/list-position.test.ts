import { describe, expect, it } from 'vitest';
import { listPosition, restoredSnapshot } from './list-position';

const left = listPosition(
  {
    ranges: [
      { startIndex: 0, endIndex: 1, size: 100 },
      { startIndex: 2, endIndex: Infinity, size: 300 },
    ],
    scrollTop: 450,
  },
  ['a', 'b', 'c', 'd', 'e'],
);

describe('list positions', () => {
  it('names each measured row by its key, up to the rows the list has', () => {
    expect(left).toEqual({
      rows: [
        { key: 'a', size: 100 },
        { key: 'b', size: 100 },
        { key: 'c', size: 300 },
        { key: 'd', size: 300 },
        { key: 'e', size: 300 },
      ],
      scrollTop: 450,
    });
  });

  it('comes back to the same scroll position when the rows are the same', () => {
    expect(restoredSnapshot(left, ['a', 'b', 'c', 'd', 'e'])).toEqual({
      ranges: [
        { startIndex: 0, endIndex: 1, size: 100 },
        { startIndex: 2, endIndex: 4, size: 300 },
      ],
      scrollTop: 450,
    });
  });

  it('keeps the row in view at its place when rows arrived above it (at the average height)', () => {
    // 'c' was in view, 250 px of it above the view's top; the new row takes (2·100 + 3·300) / 5 = 220 px
    expect(restoredSnapshot(left, ['new', 'a', 'b', 'c', 'd', 'e'])).toEqual({
      ranges: [
        { startIndex: 0, endIndex: 0, size: 220 },
        { startIndex: 1, endIndex: 2, size: 100 },
        { startIndex: 3, endIndex: 5, size: 300 },
      ],
      scrollTop: 670,
    });
  });

  it('keeps the row in view at its place when rows above it went', () => {
    expect(restoredSnapshot(left, ['c', 'd', 'e'])?.scrollTop).toBe(250);
  });

  it('shows the next row when the one in view went', () => {
    // 'c' was in view; 'd' started 50 px below the view's top, and still does
    expect(restoredSnapshot(left, ['a', 'b', 'd', 'e'])?.scrollTop).toBe(150);
  });

  it('has nothing to come back to when none of the rows from the view on is left', () => {
    expect(restoredSnapshot(left, ['x', 'a', 'b'])).toBeNull();
    expect(restoredSnapshot({ rows: [], scrollTop: 0 }, ['a'])).toBeNull();
  });
});
