import { describe, expect, it } from 'vitest';
import { BlockReservations, blockSizeOf, type ReserveBlock } from './reservations.js';

const FIVE_MINUTES = 5 * 60_000;
const START = 1_000 * FIVE_MINUTES;

/** A shared store as Redis keeps it: one count per key and window, raised by INCRBY. */
function sharedStore() {
  const counts = new Map<string, number>();
  const calls: { key: string; size: number }[] = [];
  let answering = true;
  const reserve: ReserveBlock = (key, size, window) => {
    calls.push({ key, size });
    if (!answering) return Promise.reject(new Error('connection refused'));
    const stored = `${key}:${window.index}`;
    const count = (counts.get(stored) ?? 0) + size;
    counts.set(stored, count);
    return Promise.resolve(count);
  };
  return {
    reserve,
    calls,
    countOf: (key: string, now = START) => counts.get(`${key}:${Math.floor(now / FIVE_MINUTES)}`) ?? 0,
    stopAnswering: () => (answering = false),
  };
}

const hitOf = (limit: number, blockSize: number) => ({
  key: 'api:ip:10.0.0.1',
  periodMs: FIVE_MINUTES,
  limit,
  blockSize,
});

/** The counts one process hands out to `requests` requests made one after the other, a millisecond apart. */
async function countsOf(limit: number, blockSize: number, requests: number) {
  const store = sharedStore();
  const process = new BlockReservations(store.reserve);
  const hit = hitOf(limit, blockSize);
  const counts = [];
  for (let i = 0; i < requests; i++) counts.push((await process.hit(hit, START + i))?.count);
  return { store, process, hit, counts };
}

const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('BlockReservations', () => {
  it('reserves a block with one call and hands its counts out in order, the next block ready before it is needed', async () => {
    const { store, counts } = await countsOf(300, 10, 25);
    expect(counts).toEqual(oneTo(25));
    // blocks 1–10, 11–20, 21–30: the third reserved when the 20th count was handed out
    expect(store.calls).toEqual([
      { key: 'api:ip:10.0.0.1', size: 10 },
      { key: 'api:ip:10.0.0.1', size: 10 },
      { key: 'api:ip:10.0.0.1', size: 10 },
    ]);
    expect(store.countOf('api:ip:10.0.0.1')).toBe(30);
  });

  it('lets no more than the limit through across processes, and at most one block per process fewer', async () => {
    const store = sharedStore();
    const one = new BlockReservations(store.reserve);
    const two = new BlockReservations(store.reserve);
    const hit = hitOf(300, 10);
    const seen = new Set<number>();
    let admitted = 0;
    // concurrent requests, spread unevenly over the two processes
    for (let round = 0; round < 200; round++) {
      const answers = await Promise.all([one, two, one].map((process) => process.hit(hit, START + round)));
      for (const answer of answers) {
        if (!answer) throw new Error('the store answered');
        if (answer.count <= 300) {
          expect(seen.has(answer.count)).toBe(false);
          seen.add(answer.count);
          admitted += 1;
        }
        expect(answer.resetAt).toBe(START + FIVE_MINUTES);
      }
    }
    expect(admitted).toBeLessThanOrEqual(300);
    expect(admitted).toBeGreaterThanOrEqual(300 - 2 * 10);
  });

  it('refuses in memory once a block reaches the limit, until the window ends', async () => {
    const { store, process, hit, counts } = await countsOf(20, 10, 30);
    expect(counts.slice(0, 20)).toEqual(oneTo(20));
    expect(counts.slice(20).every((count) => count !== undefined && count > 20)).toBe(true);
    expect(store.calls).toHaveLength(2);
    // the next window starts over
    expect(await process.hit(hit, START + FIVE_MINUTES)).toEqual({
      count: 1,
      resetAt: START + 2 * FIVE_MINUTES,
    });
    expect(store.calls).toHaveLength(3);
  });

  it('answers null while the store does not answer, and asks it again at the next request', async () => {
    const store = sharedStore();
    const process = new BlockReservations(store.reserve);
    store.stopAnswering();
    expect(await process.hit(hitOf(300, 10), START)).toBeNull();
    expect(await process.hit(hitOf(300, 10), START + 1)).toBeNull();
    expect(store.calls).toHaveLength(2);
  });

  it('sizes blocks at a thirtieth of the limit, at most 100', () => {
    expect(blockSizeOf(300)).toBe(10);
    expect(blockSizeOf(59)).toBe(1);
    expect(blockSizeOf(1_000_000_000)).toBe(100);
  });
});
