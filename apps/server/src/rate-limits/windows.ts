/** The fixed windows throttles count in, shared by the counters (counter.ts) and the block reservations. */

/** The count of a key in its current window (this request included), and when that window ends (epoch ms). */
export interface WindowCount {
  count: number;
  resetAt: number;
}

/** The window `now` falls in for a period: aligned on the epoch, so that every process computes the same one. */
export function windowOf(now: number, periodMs: number): { index: number; resetAt: number } {
  const index = Math.floor(now / periodMs);
  return { index, resetAt: (index + 1) * periodMs };
}
