import { Redis } from 'ioredis';
import { watchRedisConnection, redisOutage } from '../lib/redis-connection.js';
import {
  encodePayload,
  RESYNC_EVENT,
  type EventBus,
  type StreamListener,
  type StreamMessage,
} from './bus.js';

/**
 * The event bus over Redis pub/sub, so that a WebSocket held by one process receives what a request to another
 * process caused. Each process keeps its own listeners and holds one Redis subscription per channel in use.
 *
 * Redis going away never fails the request that publishes (its write is committed; its federation does not go
 * through here): the event is lost and logged, and when the subscriber is back every listener gets a `resync`.
 */
export class RedisEventBus implements EventBus {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly listeners = new Map<string, Set<StreamListener>>();

  constructor(
    url: string,
    private readonly prefix = 'palchat:',
  ) {
    this.publisher = watchRedisConnection(new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 }));
    this.subscriber = watchRedisConnection(
      new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 3 }),
      () => this.resync(),
    );
    this.subscriber.on('message', (redisChannel: string, raw: string) => this.dispatch(redisChannel, raw));
  }

  /** Resolves once both connections are ready, so that no early publish is lost in tests and benchmarks. */
  async ready(): Promise<void> {
    await Promise.all([this.publisher.ping(), this.subscriber.ping()]);
  }

  async publish(channel: string, event: string, payload: unknown): Promise<void> {
    const message: StreamMessage = { event, payload: encodePayload(payload) };
    try {
      await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
    } catch (error) {
      redisOutage.failed(error);
    }
  }

  subscribe(channel: string, listener: StreamListener): () => void {
    let listeners = this.listeners.get(channel);
    if (!listeners) {
      listeners = new Set();
      this.listeners.set(channel, listeners);
      this.subscriber.subscribe(this.prefix + channel).catch((error: unknown) => redisOutage.failed(error));
    }
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
      if (listeners.size === 0 && this.listeners.get(channel) === listeners) {
        this.listeners.delete(channel);
        this.subscriber
          .unsubscribe(this.prefix + channel)
          .catch((error: unknown) => redisOutage.failed(error));
      }
    };
  }

  async close(): Promise<void> {
    this.listeners.clear();
    await Promise.allSettled([this.publisher.quit(), this.subscriber.quit()]);
  }

  /** ioredis subscribes the channels again on reconnection; what was published meanwhile is gone. */
  private resync(): void {
    const message: StreamMessage = { event: RESYNC_EVENT, payload: '{}' };
    for (const listeners of this.listeners.values()) {
      for (const listener of [...listeners]) listener(message);
    }
  }

  private dispatch(redisChannel: string, raw: string): void {
    if (!redisChannel.startsWith(this.prefix)) return;
    const listeners = this.listeners.get(redisChannel.slice(this.prefix.length));
    if (!listeners) return;
    let message: StreamMessage;
    try {
      message = JSON.parse(raw) as StreamMessage;
    } catch {
      return;
    }
    for (const listener of [...listeners]) listener(message);
  }
}
