import type { StateSnapshot } from 'react-virtuoso';

/**
 * How long a restored position must hold still, with the rows' sizes unchanged, before the list may change.
 * react-virtuoso scrolls to a restored position by index (the first row, plus the offset) and scrolls there
 * again whenever its sizes or rows change within 150 ms of that scroll: a row added on top in that moment
 * makes it land one row too low.
 */
export const SETTLE_QUIET_MS = 300;
/** Past this, the list changes anyway (the position could not be reached, or the reader scrolled away). */
export const SETTLE_MAX_MS = 2000;

/** What a virtualized list that scrolls to a restored position was seeing, frame after frame. */
export interface SettleWatch {
  /** the scroll position it restores (a StateSnapshot's scrollTop) */
  target: number;
  startedAt: number;
  /** since when it has been at the target with these sizes; null while it is elsewhere */
  still: { since: number; sizes: string } | null;
}

export function startSettleWatch(target: number, now: number): SettleWatch {
  return { target, startedAt: now, still: null };
}

/** The measured sizes, in short: a change means react-virtuoso's own sizes changed. */
function sizesSignature(state: StateSnapshot): string {
  return state.ranges.map((range) => `${range.startIndex}-${range.endIndex}:${range.size}`).join(',');
}

/** The watch after one more look at where the list is (`state`: react-virtuoso's getState). */
export function watchSettle(watch: SettleWatch, state: StateSnapshot, now: number): SettleWatch {
  if (Math.abs(state.scrollTop - watch.target) > 1) return { ...watch, still: null };
  const sizes = sizesSignature(state);
  if (watch.still?.sizes === sizes) return watch;
  return { ...watch, still: { since: now, sizes } };
}

export function hasSettled(watch: SettleWatch, now: number): boolean {
  if (now - watch.startedAt >= SETTLE_MAX_MS) return true;
  return watch.still !== null && now - watch.still.since >= SETTLE_QUIET_MS;
}
