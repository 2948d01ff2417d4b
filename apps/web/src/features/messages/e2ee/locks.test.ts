import { describe, expect, it } from 'vitest';
import { withLock } from './locks';

describe('withLock', () => {
  it('runs work on one name one after the other, and goes on after a failure', async () => {
    const order: string[] = [];
    const slow = withLock('a', async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
      order.push('first');
      throw new Error('boom');
    });
    const next = withLock('a', () => {
      order.push('second');
      return Promise.resolve(2);
    });
    await expect(slow).rejects.toThrow('boom');
    await expect(next).resolves.toBe(2);
    expect(order).toEqual(['first', 'second']);
  });
});
