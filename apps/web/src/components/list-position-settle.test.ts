import type { StateSnapshot } from 'react-virtuoso';
import { describe, expect, it } from 'vitest';
import {
  hasSettled,
  SETTLE_MAX_MS,
  SETTLE_QUIET_MS,
  startSettleWatch,
  watchSettle,
  type SettleWatch,
} from './list-position-settle';

const sized: StateSnapshot['ranges'] = [{ startIndex: 0, endIndex: 19, size: 300 }];
const remeasured: StateSnapshot['ranges'] = [
  { startIndex: 0, endIndex: 0, size: 320 },
  { startIndex: 1, endIndex: 19, size: 300 },
];

/** The watch after looking at the list at each [time, scrollTop, ranges]. */
function watched(looks: [number, number, StateSnapshot['ranges']][]): SettleWatch {
  return looks.reduce(
    (watch, [at, scrollTop, ranges]) => watchSettle(watch, { scrollTop, ranges }, at),
    startSettleWatch(2385, 0),
  );
}

describe('a restored position settling', () => {
  it('has not settled before react-virtuoso scrolled there', () => {
    const watch = watched([
      [16, 0, sized],
      [400, 0, sized],
    ]);
    expect(hasSettled(watch, 400)).toBe(false);
  });

  it('settles once it has stayed there, with the same sizes, for the quiet time', () => {
    const watch = watched([
      [16, 0, sized],
      [100, 2385, sized],
      [200, 2385.5, sized],
    ]);
    expect(hasSettled(watch, 100 + SETTLE_QUIET_MS - 1)).toBe(false);
    expect(hasSettled(watch, 100 + SETTLE_QUIET_MS)).toBe(true);
  });

  it('waits again when react-virtuoso measured a row differently (it may scroll there again)', () => {
    const watch = watched([
      [100, 2385, sized],
      [250, 2385, remeasured],
    ]);
    expect(hasSettled(watch, 100 + SETTLE_QUIET_MS)).toBe(false);
    expect(hasSettled(watch, 250 + SETTLE_QUIET_MS)).toBe(true);
  });

  it('waits again when the list left the position for a moment', () => {
    const watch = watched([
      [100, 2385, sized],
      [150, 0, sized],
      [180, 2385, sized],
    ]);
    expect(hasSettled(watch, 100 + SETTLE_QUIET_MS)).toBe(false);
    expect(hasSettled(watch, 180 + SETTLE_QUIET_MS)).toBe(true);
  });

  it('gives up waiting when the position is never reached', () => {
    const watch = watched([[100, 1900, sized]]);
    expect(hasSettled(watch, SETTLE_MAX_MS - 1)).toBe(false);
    expect(hasSettled(watch, SETTLE_MAX_MS)).toBe(true);
  });
});
