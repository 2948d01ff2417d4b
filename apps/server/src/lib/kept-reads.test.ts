import { describe, expect, it } from 'vitest';
import { KeptReads } from './kept-reads.js';

const TTL = 1000;

function counter() {
  const key = {};
  let reads = 0;
  const kept = new KeptReads<object, number>(
    async () => {
      reads += 1;
      return reads;
    },
    (_, now) => now + TTL,
  );
  return { key, kept, reads: () => reads };
}

describe('KeptReads', () => {
  it('shares one read between concurrent and repeated requests until the value expires', async () => {
    const { key, kept, reads } = counter();
    expect(await Promise.all([kept.get(key, 0), kept.get(key, 0)])).toEqual([1, 1]);
    expect(await kept.get(key, TTL - 1)).toBe(1);
    expect(reads()).toBe(1);
  });

  it('serves an expired value once more while it is read again, then the fresh one', async () => {
    const { key, kept, reads } = counter();
    await kept.get(key, 0);
    expect(await kept.get(key, TTL)).toBe(1);
    expect(await kept.get(key, TTL + 1)).toBe(2);
    expect(reads()).toBe(2);
  });

  it('never serves a dropped value, nor a read that started before the drop', async () => {
    const { key, kept } = counter();
    await kept.get(key, 0);
    const stale = kept.get(key, TTL);
    kept.drop(key);
    expect(await stale).toBe(1);
    expect(await kept.get(key, TTL + 1)).toBe(3);
  });
});
