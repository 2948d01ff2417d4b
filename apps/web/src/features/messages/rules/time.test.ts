import { describe, expect, it } from 'vitest';
import { bubbleTime, minuteBucket, timeAgo } from './time';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('timeAgo', () => {
  it("says 'now' under a minute", () => {
    expect(timeAgo(ago(59_999), now)).toEqual({ unit: 'now' });
    expect(timeAgo(ago(-5000), now)).toEqual({ unit: 'now' });
  });
  it('counts minutes, hours and days up to 7 days', () => {
    expect(timeAgo(ago(60_000), now)).toEqual({ unit: 'minutes', value: 1 });
    expect(timeAgo(ago(59 * 60_000), now)).toEqual({ unit: 'minutes', value: 59 });
    expect(timeAgo(ago(3_600_000), now)).toEqual({ unit: 'hours', value: 1 });
    expect(timeAgo(ago(23 * 3_600_000 + 59 * 60_000), now)).toEqual({ unit: 'hours', value: 23 });
    expect(timeAgo(ago(86_400_000), now)).toEqual({ unit: 'days', value: 1 });
    expect(timeAgo(ago(6 * 86_400_000), now)).toEqual({ unit: 'days', value: 6 });
  });
  it('falls back to a date from 7 days on', () => {
    const label = timeAgo(ago(7 * 86_400_000), now);
    expect(label.unit).toBe('date');
  });
});

describe('bubbleTime', () => {
  it('uses a 24-hour clock', () => {
    const local = new Date(2026, 0, 1, 17, 5);
    expect(bubbleTime(local.toISOString())).toBe('17:05');
    expect(bubbleTime(new Date(2026, 0, 1, 0, 9).toISOString())).toBe('00:09');
  });
});

describe('minuteBucket', () => {
  it('uses 60 000 ms buckets', () => {
    expect(minuteBucket('2026-01-01T10:00:00.000Z')).toBe(minuteBucket('2026-01-01T10:00:59.999Z'));
    expect(minuteBucket('2026-01-01T10:01:00.000Z')).toBe(minuteBucket('2026-01-01T10:00:00.000Z') + 1);
  });
});
