import { GROUPING_BUCKET_MS } from './constants';

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
