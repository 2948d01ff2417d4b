import { describe, expect, it } from 'vitest';
import { MemoryWindowCounter } from './counter.js';
import { windowOf } from './windows.js';

const FIVE_MINUTES = 5 * 60_000;

describe('MemoryWindowCounter', () => {
  it('counts each key in fixed windows aligned on the clock, starting over when a window ends', async () => {
    const counter = new MemoryWindowCounter();
    const start = 1_000 * FIVE_MINUTES;
    const hit = (key: string, now: number) => counter.hit([{ key, periodMs: FIVE_MINUTES }], now);
    expect(await hit('a', start + 1)).toEqual([{ count: 1, resetAt: start + FIVE_MINUTES }]);
    expect(await hit('a', start + FIVE_MINUTES - 1)).toEqual([{ count: 2, resetAt: start + FIVE_MINUTES }]);
    expect(await hit('b', start + 10)).toEqual([{ count: 1, resetAt: start + FIVE_MINUTES }]);
    expect(await hit('a', start + FIVE_MINUTES)).toEqual([{ count: 1, resetAt: start + 2 * FIVE_MINUTES }]);
    // several keys of several periods in one call
    const both = await counter.hit(
      [
        { key: 'a', periodMs: FIVE_MINUTES },
        { key: 'a', periodMs: 6 * FIVE_MINUTES },
      ],
      start + FIVE_MINUTES + 5,
    );
    expect(both.map((count) => count.count)).toEqual([2, 1]);
  });

  it('windowOf gives the window index and its end', () => {
    expect(windowOf(12_345, 1_000)).toEqual({ index: 12, resetAt: 13_000 });
  });
});
