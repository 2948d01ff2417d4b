import { useEffect, useEffectEvent, useState } from 'react';
import type { StateSnapshot } from 'react-virtuoso';
import { restoredSnapshot, type ListPosition } from './list-position';
import { recallPosition, rememberPosition } from './list-position-memory';

/** How long the scroller must rest before the position is noted (a scroll fires many events). */
const SETTLED_MS = 100;

/**
 * Returning to a list (Back, Forward) shows it where the reader left it: the same row at the same offset from
 * the top, as Mastodon's and Phanpy's clients do. Where the list is scrolled is noted, per history entry,
 * once the scroller rests and at each click (a click on a post opens it: that is the position to come back
 * to). `position` reads it from whichever form the list has now, by the keys of the rows that form shows.
 * `keys` are the list's rows; the returned snapshot is where the list must start when it first has rows
 * (null: where it would anyway, at the top for a new history entry).
 * A position needs no invalidation: it is matched against the rows the list has when it comes back.
 */
export function useListPosition(
  listId: string,
  keys: readonly string[],
  scrollParent: HTMLElement | null,
  position: () => ListPosition | undefined,
): StateSnapshot | null {
  const [recalled] = useState(() => recallPosition(listId));
  // computed once, when the list first has rows (they may still be loading when the view mounts)
  const [restore, setRestore] = useState<{ from: StateSnapshot | null } | null>(null);
  let from = restore?.from ?? null;
  if (!restore && keys.length > 0) {
    from = recalled ? restoredSnapshot(recalled, keys) : null;
    setRestore({ from });
  }
  const remember = useEffectEvent(() => {
    const current = position();
    if (current && current.rows.length > 0) rememberPosition(listId, current);
  });
  useEffect(() => {
    const target: HTMLElement | Window = scrollParent ?? window;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const onScroll = () => {
      clearTimeout(timer);
      timer = setTimeout(remember, SETTLED_MS);
    };
    // capture: before the link's own handler navigates away and the list unmounts
    const onClick = () => remember();
    target.addEventListener('scroll', onScroll, { passive: true });
    target.addEventListener('click', onClick, { capture: true });
    return () => {
      clearTimeout(timer);
      target.removeEventListener('scroll', onScroll);
      target.removeEventListener('click', onClick, { capture: true });
    };
  }, [scrollParent]);
  return from;
}
