import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { REFRESH_CHUNK, RedisPresence } from './presence-redis.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from '../../test/helpers/redis.js';

warnRedisSkipped('the Redis presence tests');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.skipIf(!redisReachable)('presence shared through Redis', () => {
  // A prefix of its own, so that concurrent runs and real deployments on the same Redis do not mix.
  const prefix = `palchat-test-${randomUUID()}:`;
  const registries: RedisPresence[] = [];
  const open = (ttlMs = 30_000) => {
    const registry = new RedisPresence(TEST_REDIS_URL, { prefix, ttlMs });
    registries.push(registry);
    return registry;
  };
  afterAll(async () => {
    await Promise.all(registries.map((registry) => registry.close()));
  });

  it('shows one process the active sockets of another', async () => {
    const [one, two] = [open(), open()];
    await two.connect('alice', 's1');
    expect(await one.connected(['alice', 'bob'])).toEqual(new Set(['alice']));
    await two.connect('alice', 's2');
    await two.setActive('s1', false);
    expect(await one.connected(['alice'])).toEqual(new Set(['alice']));
    await two.setActive('s2', false);
    expect(await one.connected(['alice'])).toEqual(new Set());
    await one.connect('alice', 's3');
    expect(await two.connected(['alice'])).toEqual(new Set(['alice']));
    await one.disconnect('s3');
    await two.disconnect('s1');
    await two.disconnect('s2');
    expect(await one.connected(['alice'])).toEqual(new Set());
  });

  it('forgets the sockets of a process that stops refreshing, and keeps those of a live one', async () => {
    const live = open(300);
    const crashed = open(300);
    await live.connect('carol', 's1');
    await crashed.connect('dave', 's2');
    // Simulate a crash: the refresh stops, the claim is left behind in Redis.
    (crashed as unknown as { refresher: { stop(): void } }).refresher.stop();
    const observer = open();
    expect(await observer.connected(['carol', 'dave'])).toEqual(new Set(['carol', 'dave']));
    await pause(500);
    expect(await observer.connected(['carol', 'dave'])).toEqual(new Set(['carol']));
  });

  it('keeps every account of a process online across refreshes, however many chunks they take', async () => {
    const many = Array.from({ length: REFRESH_CHUNK * 2 + 1 }, (_, index) => `many-${index}`);
    const holder = open(600);
    for (const [index, accountId] of many.entries()) await holder.connect(accountId, `m${index}`);
    const observer = open();
    // past the first claims' lifetime: only the refreshes (every 200 ms) keep them
    await pause(900);
    expect((await observer.connected(many)).size).toBe(many.length);
  });

  it('withdraws its claims when it closes', async () => {
    const leaving = new RedisPresence(TEST_REDIS_URL, { prefix });
    await leaving.connect('erin', 's1');
    const observer = open();
    expect(await observer.connected(['erin'])).toEqual(new Set(['erin']));
    await leaving.close();
    expect(await observer.connected(['erin'])).toEqual(new Set());
  });
});
