import type { IntlShape } from 'react-intl';
import { GROUPING_BUCKET_MS } from './constants';

/** The 24-hour HH:mm time shown on a message bubble, in the viewer's time zone and locale's digits. */
export function bubbleTime(iso: string, intl: Pick<IntlShape, 'formatTime'>): string {
  return intl.formatTime(iso, { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' });
}

/** The 60-second bucket a message falls into; messages of one bucket form one group. */
export function minuteBucket(iso: string): number {
  return Math.floor(Date.parse(iso) / GROUPING_BUCKET_MS);
}
