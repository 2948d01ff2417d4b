import { useEffect, useState } from 'react';

/** Rows a list renders in its first commit: about what a phone shows of a timeline. */
export const FIRST_ROWS = 4;
/** Rows added in each later task, until the list has all of its rows: one card is a short task. */
export const ROWS_PER_TASK = 1;

/**
 * How many of a list's rows to render while it first appears: the first screenful at once, the rest a few per
 * task, so that a page of status cards is not one long task that keeps the page from answering input (each
 * card costs a few milliseconds; twenty of them and the layout after were the longest task of /home).
 * Once every row has rendered, rows that arrive later (the next page, new posts) render at once, as before.
 * `allAtOnce`: a list coming back to where the reader left it needs the rows down to there in its first commit.
 */
export function useRowsRevealed(total: number, allAtOnce = false): number {
  // Infinity once every row has rendered
  const [revealed, setRevealed] = useState(() => (allAtOnce || total <= FIRST_ROWS ? Infinity : FIRST_ROWS));
  useEffect(() => {
    if (revealed === Infinity) return undefined;
    // a timer, not a microtask or an animation frame: the browser may paint and handle input in between
    const timer = setTimeout(
      () => setRevealed((count) => (count + ROWS_PER_TASK >= total ? Infinity : count + ROWS_PER_TASK)),
      0,
    );
    return () => clearTimeout(timer);
  }, [revealed, total]);
  return Math.min(revealed, total);
}
