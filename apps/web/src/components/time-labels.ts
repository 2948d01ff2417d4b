/** A compact relative time (SPEC §4 "Time labels": 'now', Nm, Nh, Nd up to 7 days, then a date). */
export type CompactTime =
  | { unit: 'now' }
  | { unit: 'minutes' | 'hours' | 'days'; value: number }
  | { unit: 'date'; month: MonthKey; day: number; year: number | null };

export type MonthKey = (typeof MONTHS)[number];

const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] as const;
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

/**
 * The label's parts, in the reader's time zone. A date names its year only when it is not the current one.
 * Nothing here uses Intl: the first Intl formatter of a page loads ICU's data (30 ms of one task on a
 * desktop, four times that on a phone), and every status card shows a time.
 */
export function compactTime(iso: string, now: number): CompactTime {
  const then = Date.parse(iso);
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', value: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', value: Math.floor(elapsed / DAY) };
  const date = new Date(then);
  const year = date.getFullYear();
  return {
    unit: 'date',
    month: MONTHS[date.getMonth()] as MonthKey,
    day: date.getDate(),
    year: year === new Date(now).getFullYear() ? null : year,
  };
}

const UNITS: [Intl.RelativeTimeFormatUnit, number][] = [
  ['year', 365 * 24 * 3600],
  ['month', 30 * 24 * 3600],
  ['day', 24 * 3600],
  ['hour', 3600],
  ['minute', 60],
];

/** The largest unit that fits a distance in seconds (negative: in the past), e.g. 7300 → [2, 'hour']. */
export function relativeUnit(seconds: number): [number, Intl.RelativeTimeFormatUnit] {
  const found = UNITS.find(([, size]) => Math.abs(seconds) >= size);
  return found ? [Math.round(seconds / found[1]), found[0]] : [seconds, 'second'];
}
