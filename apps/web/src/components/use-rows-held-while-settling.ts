import { useEffect, useEffectEvent, useState } from 'react';
import type { StateSnapshot } from 'react-virtuoso';
import { hasSettled, startSettleWatch, watchSettle } from './list-position-settle';

/**
 * A virtualized list that comes back (Back, Forward) at a position below its top keeps the rows it mounted
 * with until react-virtuoso has settled there (list-position-settle.ts): one's own post arriving in that
 * moment (the stream's catch-up, the first page's refetch) would otherwise push the rows down. What changed
 * meanwhile shows right after, new rows on top without moving the view (VirtualList's firstItemIndex).
 * `restoring` is the snapshot the virtualized list mounts with (undefined: none, or no virtualized list yet);
 * `read` is react-virtuoso's getState.
 */
export function useRowsHeldWhileSettling<T>(
  rows: T[],
  restoring: StateSnapshot | undefined,
  read: () => StateSnapshot | undefined,
): T[] {
  const [watched, setWatched] = useState(restoring);
  const [mountedRows, setMountedRows] = useState<T[] | null>(() => rowsToHold(rows, restoring));
  let held = mountedRows;
  if (restoring !== watched) {
    held = rowsToHold(rows, restoring);
    setWatched(restoring);
    setMountedRows(held);
  }
  const readState = useEffectEvent(read);
  const holding = held !== null;
  useEffect(() => {
    if (!holding || !restoring) return undefined;
    let watch = startSettleWatch(restoring.scrollTop, performance.now());
    let frame = 0;
    const look = () => {
      const now = performance.now();
      const state = readState();
      if (state) watch = watchSettle(watch, state, now);
      if (hasSettled(watch, now)) setMountedRows(null);
      else frame = requestAnimationFrame(look);
    };
    frame = requestAnimationFrame(look);
    return () => cancelAnimationFrame(frame);
  }, [holding, restoring]);
  return held ?? rows;
}

function rowsToHold<T>(rows: T[], restoring: StateSnapshot | undefined): T[] | null {
  return restoring && restoring.scrollTop > 0 && rows.length > 0 ? rows : null;
}
