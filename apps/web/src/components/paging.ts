import type { InfiniteData } from '@tanstack/react-query';
import type { Page } from '../api/client';

/** Pages of a list followed through its `Link` header; the first page's param is null (the newest page). */
export type LinkedPages<T> = InfiniteData<Page<T>, string | null>;

/** Older items: the `next` link, until a page comes back empty. */
export function nextPageParam<T>(last: Page<T>): string | null {
  return last.items.length > 0 ? last.next : null;
}

/**
 * Newer items, needed only once the newest page was dropped (maxPages): the `prev` link (min_id) of the
 * first page held. The newest page itself has none to follow (streaming and refetches bring what is newer),
 * and an empty answer means nothing newer is left.
 */
export function previousPageParam<T>(first: Page<T>, firstParam: string | null): string | null {
  if (firstParam === null || first.items.length === 0) return null;
  return first.prev;
}

/** Whether the cached pages start at the newest items, so that fresh items may go on top of the first page. */
export function holdsNewestPage<T>(data: LinkedPages<T> | InfiniteData<Page<T>>): boolean {
  return data.pageParams[0] === null || data.pages[0]?.items.length === 0;
}

/** react-virtuoso must never see a negative firstItemIndex: start far from zero. */
export const FIRST_ITEM_INDEX = 1_000_000;

/**
 * The firstItemIndex that keeps the rows on screen where they are when rows were added above them (a previous
 * page, streamed items) or removed above them (maxPages dropped the first page): the first row still present
 * in both lists tells how far the top moved. A list with nothing in common is simply new data: no shift.
 */
export function shiftedFirstItemIndex(
  previousKeys: readonly string[],
  nextKeys: readonly string[],
  previousFirst: number,
): number {
  const positions = new Map(nextKeys.map((key, index) => [key, index]));
  for (const [oldIndex, key] of previousKeys.entries()) {
    const newIndex = positions.get(key);
    if (newIndex !== undefined) return Math.max(0, previousFirst + oldIndex - newIndex);
  }
  return previousFirst;
}
