import { createIntl } from 'react-intl';
import { describe, expect, it } from 'vitest';
import { bubbleTime, minuteBucket } from './time';

describe('bubbleTime', () => {
  const english = createIntl({ locale: 'en', messages: {} });
  it('uses a 24-hour clock', () => {
    const local = new Date(2026, 0, 1, 17, 5);
    expect(bubbleTime(local.toISOString(), english)).toBe('17:05');
    expect(bubbleTime(new Date(2026, 0, 1, 0, 9).toISOString(), english)).toBe('00:09');
  });

  it('writes the time in the locale’s digits', () => {
    const persian = createIntl({ locale: 'fa', messages: {} });
    expect(bubbleTime(new Date(2026, 0, 1, 17, 5).toISOString(), persian)).toBe('۱۷:۰۵');
  });
});

describe('minuteBucket', () => {
  it('uses 60 000 ms buckets', () => {
    expect(minuteBucket('2026-01-01T10:00:00.000Z')).toBe(minuteBucket('2026-01-01T10:00:59.999Z'));
    expect(minuteBucket('2026-01-01T10:01:00.000Z')).toBe(minuteBucket('2026-01-01T10:00:00.000Z') + 1);
  });
});
