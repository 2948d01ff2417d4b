import { describe, expect, it } from 'vitest';
import {
  FIRST_ITEM_INDEX,
  holdsNewestPage,
  nextPageParam,
  previousPageParam,
  shiftedFirstItemIndex,
} from './paging';

const page = (items: string[], next: string | null = null, prev: string | null = null) => ({
  items,
  next,
  prev,
});

describe('list paging', () => {
  it('follows next links until a page comes back empty', () => {
    expect(nextPageParam(page(['3', '2'], '/api?max_id=2'))).toBe('/api?max_id=2');
    expect(nextPageParam(page([], '/api?max_id=1'))).toBeNull();
    expect(nextPageParam(page(['1']))).toBeNull();
  });

  it('reloads newer pages only once the newest one was dropped', () => {
    const held = page(['9', '8'], '/api?max_id=8', '/api?min_id=9');
    // the newest page (param null): streaming and refetches bring what is newer
    expect(previousPageParam(held, null)).toBeNull();
    // a page reached through a link: its prev link (min_id) gives the page that was dropped above it
    expect(previousPageParam(held, '/api?max_id=10')).toBe('/api?min_id=9');
    // nothing newer was left
    expect(previousPageParam(page([], null, null), '/api?min_id=20')).toBeNull();
  });

  it('knows whether the cache starts at the newest items', () => {
    expect(holdsNewestPage({ pages: [page(['2'])], pageParams: [null] })).toBe(true);
    expect(holdsNewestPage({ pages: [page(['2'])], pageParams: ['/api?max_id=3'] })).toBe(false);
    expect(holdsNewestPage({ pages: [page([]), page(['2'])], pageParams: ['/api?min_id=2', 'x'] })).toBe(
      true,
    );
  });

  it('moves the first item index by the rows added or removed above the ones on screen', () => {
    const start = FIRST_ITEM_INDEX;
    // a newer page (or streamed items) arrived above
    expect(shiftedFirstItemIndex(['c', 'd'], ['a', 'b', 'c', 'd'], start)).toBe(start - 2);
    // the first page was dropped
    expect(shiftedFirstItemIndex(['a', 'b', 'c', 'd'], ['c', 'd', 'e'], start)).toBe(start + 2);
    // the first row was regrouped away (a notification group took a new key): the next one anchors
    expect(shiftedFirstItemIndex(['g1', 'b', 'c'], ['x', 'g2', 'b', 'c'], start)).toBe(start - 1);
    // rows appended below do not move the top
    expect(shiftedFirstItemIndex(['a'], ['a', 'b'], start)).toBe(start);
    // a different list altogether is new data
    expect(shiftedFirstItemIndex(['a'], ['z'], start - 5)).toBe(start - 5);
  });
});
