import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { REFRESH_CHUNK, RedisStreamingLimits } from './limits-redis.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from '../../test/helpers/redis.js';

warnRedisSkipped('the Redis streaming limit tests');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!redisReachable)('streaming socket slots shared through Redis', () => {
  const prefix = `palchat-test-${randomUUID()}:`;
  const opened: RedisStreamingLimits[] = [];
  const open = (ttlMs = 30_000) => {
    const limits = new RedisStreamingLimits(TEST_REDIS_URL, {
      prefix,
      ttlMs,
      maxSocketsPerUser: 1,
      typingIntervalMs: 3000,
    });
    opened.push(limits);
    return limits;
  };
  afterAll(async () => {
    await Promise.all(opened.map((limits) => limits.close()));
  });

  it('keeps every slot of a process taken across refreshes, however many chunks its accounts take', async () => {
    const accounts = Array.from({ length: REFRESH_CHUNK * 2 + 1 }, (_, index) => `slots-${index}`);
    const holder = open(600);
    for (const accountId of accounts)
      expect(await holder.acquireSocket(accountId, `s-${accountId}`)).toBe(true);
    // past the first slots' lifetime: only the refreshes (every 200 ms) keep them
    await pause(900);
    const other = open();
    const taken = await Promise.all(accounts.map((accountId) => other.acquireSocket(accountId, 'another')));
    expect(taken.filter(Boolean)).toEqual([]);
  });

  it('frees the slots of a process that stops refreshing', async () => {
    const crashed = open(300);
    expect(await crashed.acquireSocket('gone', 's1')).toBe(true);
    (crashed as unknown as { refresher: { stop(): void } }).refresher.stop();
    const other = open();
    expect(await other.acquireSocket('gone', 's2')).toBe(false);
    await pause(500);
    expect(await other.acquireSocket('gone', 's2')).toBe(true);
  });
});
