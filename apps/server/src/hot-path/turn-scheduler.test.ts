import { describe, expect, it } from 'vitest';
import { TurnScheduler } from './turn-scheduler.js';

const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

describe('the turn scheduler', () => {
  it('starts a request at once while the slice has room and nobody waits', () => {
    const scheduler = new TurnScheduler(60_000);
    expect(scheduler.admit()).toBeUndefined();
    expect(scheduler.admit()).toBeUndefined();
    expect(scheduler.queued).toBe(0);
  });

  it('past the slice, lets the others wait and starts one per turn, first come first served', async () => {
    const scheduler = new TurnScheduler(0);
    expect(scheduler.admit()).toBeUndefined();
    const started: number[] = [];
    const turns = [1, 2, 3].map((index) => scheduler.admit()?.then(() => started.push(index)));
    expect(turns.every((turn) => turn !== undefined)).toBe(true);
    expect(scheduler.queued).toBe(3);
    await nextTurn();
    expect(started).toEqual([1]);
    await Promise.all(turns.filter((turn) => turn !== undefined));
    expect(started).toEqual([1, 2, 3]);
  });

  it('lets no newcomer overtake a request that waits', async () => {
    const scheduler = new TurnScheduler(0);
    void scheduler.admit(); // the first request of a slice starts at once (nothing to await)
    const started: string[] = [];
    const waiting = scheduler.admit()?.then(() => started.push('waiting'));
    await nextTurn();
    const newcomer = scheduler.admit();
    await Promise.all([waiting, newcomer?.then(() => started.push('newcomer'))]);
    expect(started).toEqual(['waiting', 'newcomer']);
  });

  it('opens a new slice once the queue is empty and a turn went by', async () => {
    const scheduler = new TurnScheduler(0);
    void scheduler.admit(); // the first request of a slice starts at once (nothing to await)
    await scheduler.admit();
    await nextTurn();
    await nextTurn();
    expect(scheduler.admit()).toBeUndefined();
  });
});
