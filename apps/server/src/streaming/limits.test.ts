import { describe, expect, it } from 'vitest';
import { decideTyping, InProcessStreamingLimits, type TypingEvent, type TypingState } from './limits.js';

/** Runs frames through the rule at the given times; returns what was relayed, as `event@time`. */
function replay(frames: Array<[TypingEvent, number]>, intervalMs = 3000): string[] {
  let state: TypingState | undefined;
  const relayed: string[] = [];
  for (const [event, now] of frames) {
    const { decision, next } = decideTyping(state, event, now, intervalMs);
    state = next;
    if (decision.relay) relayed.push(`${event}@${now}`);
  }
  return relayed;
}

describe('the typing rule', () => {
  it('relays one typing_start per window however many arrive', () => {
    const burst = Array.from({ length: 100 }, (_, index): [TypingEvent, number] => [
      'typing_start',
      index * 10,
    ]);
    expect(replay(burst)).toEqual(['typing_start@0']);
    expect(replay([...burst, ['typing_start', 3000]])).toEqual(['typing_start@0', 'typing_start@3000']);
  });

  it('relays the typing_stop that ends a relayed start, and no other', () => {
    expect(
      replay([
        ['typing_stop', 0],
        ['typing_start', 10],
        ['typing_stop', 20],
        ['typing_stop', 30],
      ]),
    ).toEqual(['typing_start@10', 'typing_stop@20']);
  });

  it('relays at most a start and a stop per window from a start/stop flood', () => {
    const flood = Array.from({ length: 600 }, (_, index): [TypingEvent, number] => [
      index % 2 === 0 ? 'typing_start' : 'typing_stop',
      index * 10,
    ]);
    // 6 s of frames: two windows
    expect(replay(flood)).toEqual([
      'typing_start@0',
      'typing_stop@10',
      'typing_start@3000',
      'typing_stop@3010',
    ]);
  });

  it('offers a retry for a start dropped while the indicator is off, not while it shows', () => {
    const started = decideTyping(undefined, 'typing_start', 0, 3000).next;
    expect(decideTyping(started, 'typing_start', 1000, 3000).decision).toEqual({ relay: false });
    const stopped = decideTyping(started, 'typing_stop', 1000, 3000).next;
    expect(decideTyping(stopped, 'typing_start', 1200, 3000).decision).toEqual({
      relay: false,
      retryInMs: 1800,
    });
  });
});

describe('in-process socket slots', () => {
  it('gives an account at most its cap, and slots back on release', async () => {
    const limits = new InProcessStreamingLimits({ maxSocketsPerUser: 2, typingIntervalMs: 3000 });
    expect(await limits.acquireSocket('a', 's1')).toBe(true);
    expect(await limits.acquireSocket('a', 's2')).toBe(true);
    expect(await limits.acquireSocket('a', 's3')).toBe(false);
    expect(await limits.acquireSocket('b', 's4')).toBe(true);
    await limits.releaseSocket('a', 's1');
    expect(await limits.acquireSocket('a', 's3')).toBe(true);
  });

  it('has no cap at 0', async () => {
    const limits = new InProcessStreamingLimits({ maxSocketsPerUser: 0, typingIntervalMs: 3000 });
    for (let index = 0; index < 100; index += 1)
      expect(await limits.acquireSocket('a', `s${index}`)).toBe(true);
  });
});
