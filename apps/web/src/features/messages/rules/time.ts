import { GROUPING_BUCKET_MS } from './constants';

/** A relative time as the list shows it (SPEC §4 "Time labels"); the caller formats it with intl. */
export type TimeAgo =
  { unit: 'now' } | { unit: 'minutes' | 'hours' | 'days'; value: number } | { unit: 'date'; date: Date };

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const WEEK = 7 * DAY;

export function timeAgo(iso: string, now: number): TimeAgo {
  const then = Date.parse(iso);
  const elapsed = Math.max(0, now - then);
  if (elapsed < MINUTE) return { unit: 'now' };
  if (elapsed < HOUR) return { unit: 'minutes', value: Math.floor(elapsed / MINUTE) };
  if (elapsed < DAY) return { unit: 'hours', value: Math.floor(elapsed / HOUR) };
  if (elapsed < WEEK) return { unit: 'days', value: Math.floor(elapsed / DAY) };
  return { unit: 'date', date: new Date(then) };
}

/** The 24-hour HH:mm time shown on a message bubble, in the viewer's local time zone. */
export function bubbleTime(iso: string): string {
  const date = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** The 60-second bucket a message falls into; messages of one bucket form one group. */
export function minuteBucket(iso: string): number {
  return Math.floor(Date.parse(iso) / GROUPING_BUCKET_MS);
}
