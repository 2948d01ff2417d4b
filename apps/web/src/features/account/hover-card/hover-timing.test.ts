import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HoverCardTiming, type HoverTarget } from './hover-timing';

describe('hover card timing (750 ms show, 150 ms hide)', () => {
  let shown: (HoverTarget<string> | null)[];
  let timing: HoverCardTiming<string>;
  beforeEach(() => {
    vi.useFakeTimers();
    shown = [];
    timing = new HoverCardTiming<string>((target) => shown.push(target));
  });
  afterEach(() => {
    timing.dispose();
    vi.useRealTimers();
  });

  it('shows after 750 ms of pointing, not before', () => {
    timing.enterTarget({ key: 'a', value: 'alice' });
    vi.advanceTimersByTime(749);
    expect(shown).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([{ key: 'a', value: 'alice' }]);
  });

  it('does not show when the pointer leaves early', () => {
    timing.enterTarget({ key: 'a', value: 'alice' });
    vi.advanceTimersByTime(500);
    timing.leaveTarget();
    vi.advanceTimersByTime(2000);
    expect(shown).toEqual([]);
  });

  it('hides 150 ms after leaving, unless the pointer reaches the card', () => {
    timing.enterTarget({ key: 'a', value: 'alice' });
    vi.advanceTimersByTime(750);
    timing.leaveTarget();
    vi.advanceTimersByTime(100);
    timing.enterCard();
    vi.advanceTimersByTime(1000);
    expect(shown).toHaveLength(1);
    timing.leaveCard();
    vi.advanceTimersByTime(149);
    expect(shown).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(shown).toEqual([{ key: 'a', value: 'alice' }, null]);
  });

  it('dismisses at once', () => {
    timing.enterTarget({ key: 'a', value: 'alice' });
    vi.advanceTimersByTime(750);
    timing.dismiss();
    expect(shown.at(-1)).toBeNull();
  });
});
