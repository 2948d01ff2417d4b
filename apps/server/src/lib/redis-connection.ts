import type { Redis } from 'ioredis';
import { OutageLog } from './outage-log.js';

/** Redis's outages as this process sees them, over all its clients: one line when it goes, one when it is back. */
export const redisOutage = new OutageLog('redis');
const downClients = new Set<Redis>();

/**
 * Listens for a Redis client's errors, without which ioredis prints "Unhandled error event" on every
 * reconnection attempt, and tells `onReconnected` when a client that was cut off is ready again (what it
 * missed meanwhile, pub/sub messages, is lost).
 */
export function watchRedisConnection<R extends Redis>(redis: R, onReconnected?: () => void): R {
  redis.on('error', (error: unknown) => {
    downClients.add(redis);
    redisOutage.failed(error);
  });
  redis.on('ready', () => {
    if (!downClients.delete(redis)) return;
    if (downClients.size === 0) redisOutage.recovered();
    onReconnected?.();
  });
  redis.on('end', () => downClients.delete(redis));
  return redis;
}
