import { describe, expect, it } from 'vitest';
import {
  ID_SLOTS,
  IDS_PER_MILLISECOND,
  IdsUnavailableError,
  idAtTime,
  idGenerator,
  newId,
  useIdSlot,
} from './ids.js';

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
    const next = idGenerator(ID_SLOTS - 1);
    const burst = Array.from({ length: IDS_PER_MILLISECOND * 2 + 3 }, () => next(NOW));
    expect(new Set(burst).size).toBe(burst.length);
    expect([...burst].sort()).toEqual(burst);
    expect(timeOf(burst.at(-1) ?? '')).toBe(NOW + 2);
    const afterSkew = next(NOW - 1000);
    expect(afterSkew > (burst.at(-1) ?? '')).toBe(true);
  });

  it('never collide between processes holding different slots, even in bursts', () => {
    const generators = Array.from({ length: ID_SLOTS }, (_, slot) => idGenerator(slot));
    const ids = generators.flatMap((next) =>
      Array.from({ length: IDS_PER_MILLISECOND + 10 }, (_, index) => next(NOW + Math.floor(index / 1000))),
    );
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('refuse a slot outside the range', () => {
    expect(() => idGenerator(ID_SLOTS)).toThrow('Invalid id slot');
    expect(() => idGenerator(-1)).toThrow('Invalid id slot');
  });

  it('stop while the process holds no slot, and resume once one is leased again', () => {
    useIdSlot(null);
    expect(() => newId()).toThrow(IdsUnavailableError);
    useIdSlot(3);
    expect(Number(BigInt(newId(NOW)) & 0xffffn)).toBe(3 * IDS_PER_MILLISECOND);
    useIdSlot(0);
  });
});
