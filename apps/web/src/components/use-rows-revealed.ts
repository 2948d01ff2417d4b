import { startTransition, useEffect, useState, type RefObject } from 'react';

/** Rows a list renders in its first commit: the first status is the page's largest paint. */
export const FIRST_COMMIT_ROWS = 1;
/** Rows a list renders without waiting for its end to come near the view: about what a phone shows of a timeline. */
export const SCREENFUL_ROWS = 4;
/**
 * How far below the view a list keeps rows rendered ahead of the reader (an IntersectionObserver margin): half a
 * view, two or three cards on a phone. Each row rendered ahead at load is a task and a frame of its own while the
 * page is still loading; half a view keeps a fling ahead of the rows (a row renders in a few milliseconds).
 */
const AHEAD_OF_VIEW = '0px 0px 50% 0px';

const revealedAfter = (count: number, total: number) => (count >= total ? Infinity : count);

/**
 * How many of a list's rows to render while it first appears: one row in the first commit, the rest of a
 * screenful right after it (an effect: on Preact, the client's runtime, it runs in a task of its own after the first
 * row's frame; on React the update is a transition, rendered in slices), then one row per task while the list's end (`end`, an element after the last row) is less than half a
 * view's height below the view; more as the reader scrolls towards it. A page of status cards is not one long
 * task that keeps the page from answering input (each card costs a few milliseconds), and rows nobody scrolled
 * to cost nothing. Once every row has rendered, rows that arrive later (the next page, new posts) render at once.
 * `allAtOnce`: a list coming back to where the reader left it needs the rows down to there in its first commit.
 */
export function useRowsRevealed(
  total: number,
  allAtOnce: boolean,
  end: RefObject<HTMLElement | null>,
  scrollParent: HTMLElement | null,
): number {
  // Infinity once every row has rendered
  const [revealed, setRevealed] = useState(() =>
    allAtOnce ? Infinity : revealedAfter(FIRST_COMMIT_ROWS, total),
  );
  useEffect(() => {
    if (revealed < SCREENFUL_ROWS) startTransition(() => setRevealed(revealedAfter(SCREENFUL_ROWS, total)));
  }, [revealed, total]);
  useEffect(() => {
    const target = end.current;
    if (revealed < SCREENFUL_ROWS || revealed === Infinity || !target) return undefined;
    const observer = new IntersectionObserver(
      (entries) => {
        if (!entries.some((entry) => entry.isIntersecting)) return;
        observer.disconnect();
        setRevealed((count) => revealedAfter(count + 1, total));
      },
      { root: scrollParent, rootMargin: AHEAD_OF_VIEW },
    );
    observer.observe(target);
    return () => observer.disconnect();
  }, [revealed, total, end, scrollParent]);
  return Math.min(revealed, total);
}
