import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SpreadPasses } from './spread-passes.js';

describe('SpreadPasses', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  function record(items: string[], options: { failOn?: string } = {}) {
    const handled: string[][] = [];
    const errors: unknown[] = [];
    const passes = new SpreadPasses({
      periodMs: 1000,
      chunkSize: 2,
      items: () => items,
      handle: async (chunk) => {
        handled.push(chunk);
        if (options.failOn && chunk.includes(options.failOn)) throw new Error(`failed on ${options.failOn}`);
      },
      onError: (error) => errors.push(error),
    });
    return { passes, handled, errors };
  }

  it('handles every item once per period, a chunk at a time, the chunks spread over half the period', async () => {
    const { passes, handled } = record(['a', 'b', 'c', 'd', 'e']);
    await vi.advanceTimersByTimeAsync(999);
    expect(handled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(handled).toEqual([['a', 'b']]);
    // three chunks over 500 ms: one every 166 ms, not all in one turn of the event loop
    await vi.advanceTimersByTimeAsync(165);
    expect(handled).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(handled).toEqual([
      ['a', 'b'],
      ['c', 'd'],
    ]);
    await vi.advanceTimersByTimeAsync(166);
    expect(handled).toEqual([['a', 'b'], ['c', 'd'], ['e']]);
    // the next pass starts one period after this one started
    await vi.advanceTimersByTimeAsync(667);
    expect(handled).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(handled).toHaveLength(4);
    passes.stop();
  });

  it('reports a failed chunk and goes on with the next one', async () => {
    const { passes, handled, errors } = record(['a', 'b', 'c'], { failOn: 'a' });
    await vi.advanceTimersByTimeAsync(1500);
    expect(handled).toEqual([['a', 'b'], ['c']]);
    expect(errors).toEqual([new Error('failed on a')]);
    passes.stop();
  });

  it('stops in the middle of a pass, and starts no other', async () => {
    const { passes, handled } = record(['a', 'b', 'c', 'd', 'e']);
    await vi.advanceTimersByTimeAsync(1000);
    passes.stop();
    await vi.advanceTimersByTimeAsync(5000);
    expect(handled).toEqual([['a', 'b']]);
  });
});
