import { useEffect, useState, type RefObject } from 'react';

/** Rows a list renders in its first commit: about what a phone shows of a timeline. */
export const FIRST_ROWS = 4;
/**
 * How far below the view a list keeps rows rendered ahead of the reader (an IntersectionObserver margin): half a
 * view, two or three cards on a phone. Each row rendered ahead at load is a task and a frame of its own while the
 * page is still loading; half a view keeps a fling ahead of the rows (a row renders in a few milliseconds).
 */
const AHEAD_OF_VIEW = '0px 0px 50% 0px';

/**
 * How many of a list's rows to render while it first appears: a screenful in the first commit, then one row per
 * task while the list's end (`end`, an element after the last row) is less than half a view's height below the view;
 * more as the reader scrolls towards it. A page of status cards is not one long task that keeps the page from
 * answering input (each card costs a few milliseconds), and rows nobody scrolled to cost nothing.
 * Once every row has rendered, rows that arrive later (the next page, new posts) render at once.
 * `allAtOnce`: a list coming back to where the reader left it needs the rows down to there in its first commit.
 */
export function useRowsRevealed(
  total: number,
  allAtOnce: boolean,
  end: RefObject<HTMLElement | null>,
  scrollParent: HTMLElement | null,
): number {
  // Infinity once every row has rendered
  const [revealed, setRevealed] = useState(() => (allAtOnce || total <= FIRST_ROWS ? Infinity : FIRST_ROWS));
  useEffect(() => {
    const target = end.current;
    if (revealed === Infinity || !target) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setRevealed((count) => (count + 1 >= total ? Infinity : count + 1));
      },
      { root: scrollParent, rootMargin: AHEAD_OF_VIEW },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [revealed, total, end, scrollParent]);
  return Math.min(revealed, total);
}
