/** A compact relative time (SPEC §4 "Time labels": 'now', Nm, Nh, Nd up to 7 days, then a date). */
export type CompactTime =
  { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; value: number } | { unit: 'date'; date: Date };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export function compactTime(iso: string, now: number): CompactTime {
  const then = Date.parse(iso);
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', value: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', value: Math.floor(elapsed / DAY) };
  return { unit: 'date', date: new Date(then) };
}
