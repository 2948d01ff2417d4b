import { describe, expect, it } from 'vitest';
import { compactTime } from './time-labels';

const now = Date.parse('2026-03-10T12:00:00.000Z');
const ago = (ms: number) => new Date(now - ms).toISOString();

describe('compactTime', () => {
  it("says 'now' under a minute", () => {
    expect(compactTime(ago(59_999), now)).toEqual({ unit: 'now' });
    expect(compactTime(ago(-5000), now)).toEqual({ unit: 'now' });
  });
  it('counts minutes, hours and days up to 7 days', () => {
    expect(compactTime(ago(60_000), now)).toEqual({ unit: 'minutes', value: 1 });
    expect(compactTime(ago(59 * 60_000), now)).toEqual({ unit: 'minutes', value: 59 });
    expect(compactTime(ago(3_600_000), now)).toEqual({ unit: 'hours', value: 1 });
    expect(compactTime(ago(23 * 3_600_000 + 59 * 60_000), now)).toEqual({ unit: 'hours', value: 23 });
    expect(compactTime(ago(86_400_000), now)).toEqual({ unit: 'days', value: 1 });
    expect(compactTime(ago(6 * 86_400_000), now)).toEqual({ unit: 'days', value: 6 });
  });
  it('falls back to a date from 7 days on, with its year only when it is not the current one', () => {
    const local = (iso: string) => new Date(iso);
    const lastWeek = ago(7 * 86_400_000);
    expect(compactTime(lastWeek, now)).toEqual({
      unit: 'date',
      month: 'mar',
      day: local(lastWeek).getDate(),
      year: null,
    });
    const lastYear = ago(400 * 86_400_000);
    expect(compactTime(lastYear, now)).toEqual({
      unit: 'date',
      month: 'feb',
      day: local(lastYear).getDate(),
      year: local(lastYear).getFullYear(),
    });
  });
});
