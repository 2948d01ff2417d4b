import { describe, expect, it } from 'vitest';
import { IDS_PER_MILLISECOND, idAtTime, idGenerator, newId, randomSequenceOffset } from './ids.js';

const NOW = Date.UTC(2026, 10, 22, 12, 0, 0);
const timeOf = (id: string) => Number(BigInt(id) >> 16n);

describe('ids', () => {
  it('are 18 digits, carry their millisecond and sort as strings in creation order', () => {
    const next = idGenerator();
    const ids = [NOW, NOW, NOW, NOW + 1, NOW + 5, NOW + 5].map((time) => next(time));
    for (const id of ids) expect(id).toMatch(/^\d{18}$/);
    expect(ids.map(timeOf)).toEqual([NOW, NOW, NOW, NOW + 1, NOW + 5, NOW + 5]);
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    expect(idAtTime(NOW) <= (ids[0] ?? '')).toBe(true);
    expect(newId()).toMatch(/^\d{18}$/);
  });

  it('keep increasing through a burst larger than a millisecond holds, and when the clock goes back', () => {
    const next = idGenerator(0xe000);
    const burst = Array.from({ length: IDS_PER_MILLISECOND * 2 + 3 }, () => next(NOW));
    expect(new Set(burst).size).toBe(burst.length);
    expect([...burst].sort()).toEqual(burst);
    expect(timeOf(burst.at(-1) ?? '')).toBe(NOW + 2);
    const afterSkew = next(NOW - 1000);
    expect(afterSkew > (burst.at(-1) ?? '')).toBe(true);
  });

  it('never collide between processes whose offsets lie more than a burst apart', () => {
    const first = idGenerator(100);
    const second = idGenerator(100 + IDS_PER_MILLISECOND);
    const a = Array.from({ length: 500 }, (_, index) => first(NOW + Math.floor(index / 50)));
    const b = Array.from({ length: 500 }, (_, index) => second(NOW + Math.floor(index / 50)));
    expect(new Set([...a, ...b]).size).toBe(1000);
  });

  it('draw each process offset from the whole sequence space that leaves room for a burst', () => {
    const offsets = Array.from({ length: 2000 }, randomSequenceOffset);
    expect(Math.min(...offsets)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...offsets)).toBeLessThanOrEqual(0x10000 - IDS_PER_MILLISECOND - 1);
    // spread over the space, not bunched: both halves are used, and draws rarely repeat
    expect(offsets.some((offset) => offset < 0x7000)).toBe(true);
    expect(offsets.some((offset) => offset >= 0x7000)).toBe(true);
    expect(new Set(offsets).size).toBeGreaterThan(1900);
  });
});
