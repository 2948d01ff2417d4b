import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RedisEventBus } from './redis-bus.js';
import type { StreamMessage } from './bus.js';
import { redisReachable, TEST_REDIS_URL, warnRedisSkipped } from '../../test/helpers/redis.js';

warnRedisSkipped('the Redis event bus tests');

function nextMessage(bus: RedisEventBus, channel: string): Promise<StreamMessage> {
  return new Promise((resolve) => {
    const unsubscribe = bus.subscribe(channel, (message) => {
      unsubscribe();
      resolve(message);
    });
  });
}

describe.skipIf(!redisReachable)('Redis event bus across two processes', () => {
  const prefix = `test-${process.pid}-${Date.now()}:`;
  let processA: RedisEventBus;
  let processB: RedisEventBus;

  beforeAll(async () => {
    processA = new RedisEventBus(TEST_REDIS_URL, prefix);
    processB = new RedisEventBus(TEST_REDIS_URL, prefix);
    await Promise.all([processA.ready(), processB.ready()]);
  });
  afterAll(async () => {
    await processA.close();
    await processB.close();
  });

  it('delivers what one bus publishes to the listeners of another, payload JSON-encoded once', async () => {
    const received = nextMessage(processB, 'user:42');
    await new Promise((resolve) => setTimeout(resolve, 50));
    await processA.publish('user:42', 'friend_message', { id: '1', content: 'hi' });
    expect(await received).toEqual({ event: 'friend_message', payload: '{"id":"1","content":"hi"}' });
  });

  it('keeps order and loses nothing over 1,000 messages', async () => {
    const seen: string[] = [];
    const done = new Promise<void>((resolve) => {
      processB.subscribe('user:7', (message) => {
        seen.push(message.payload);
        if (seen.length === 1000) resolve();
      });
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    for (let index = 0; index < 1000; index += 1) await processA.publish('user:7', 'update', String(index));
    await done;
    expect(seen).toEqual(Array.from({ length: 1000 }, (_, index) => String(index)));
  });

  it('stops delivering after the last listener unsubscribes', async () => {
    const seen: StreamMessage[] = [];
    const unsubscribe = processB.subscribe('user:9', (message) => seen.push(message));
    await new Promise((resolve) => setTimeout(resolve, 50));
    unsubscribe();
    await new Promise((resolve) => setTimeout(resolve, 50));
    await processA.publish('user:9', 'update', 'late');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(seen).toEqual([]);
  });
});
