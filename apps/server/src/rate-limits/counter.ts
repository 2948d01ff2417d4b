import { Redis } from 'ioredis';
import { watchRedisConnection } from '../lib/redis-connection.js';
import { BlockReservations } from './reservations.js';
import { windowOf, type WindowCount } from './windows.js';

/** One request to count against one throttle's key, e.g. `api:token:123` over 5 minutes. */
export interface Hit {
  key: string;
  periodMs: number;
  /**
   * Set for the light routes' requests: a shared store may count them in blocks of `size` reserved per process
   * (see reservations.ts), within a tolerance of the throttle's `limit`.
   */
  inBlocks?: { limit: number; size: number };
}

/**
 * Fixed windows aligned on the epoch, as Rack::Attack counts: a 5-minute window runs from :00 to :05, :05 to
 * :10 … so that every process computes the same window, and a key's count starts over at the window's end.
 */
export interface WindowCounter {
  /** Counts one request under every hit's key; null where the store could not answer (the request goes on). */
  hit(hits: readonly Hit[], now: number): Promise<(WindowCount | null)[]>;
  /** Resolves once the store answers, or has failed to within a moment (requests are then let through). */
  ready(): Promise<void>;
  close(): Promise<void>;
}

/** This process's counts: one map per period, dropped whole when its window ends, so nothing needs sweeping. */
export class MemoryWindowCounter implements WindowCounter {
  private readonly windows = new Map<number, { index: number; counts: Map<string, number> }>();

  hit(hits: readonly Hit[], now: number): Promise<WindowCount[]> {
    return Promise.resolve(hits.map((hit) => this.count(hit, now)));
  }

  private count({ key, periodMs }: Hit, now: number): WindowCount {
    const { index, resetAt } = windowOf(now, periodMs);
    let window = this.windows.get(periodMs);
    if (window?.index !== index) {
      window = { index, counts: new Map() };
      this.windows.set(periodMs, window);
    }
    const count = (window.counts.get(key) ?? 0) + 1;
    window.counts.set(key, count);
    return { count, resetAt };
  }

  ready(): Promise<void> {
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.windows.clear();
    return Promise.resolve();
  }
}

/** A key's window expires a second after its end: for clock skew between processes. */
const expiryOf = (window: { resetAt: number }) => window.resetAt + 1000;

/**
 * Counts shared by every process of a deployment: one pipelined round trip per request, an INCR and a
 * PEXPIREAT (the window's end, plus a second for clock skew between processes) per key. The light routes'
 * requests are counted in blocks reserved per process (INCRBY), most of them without a round trip. A Redis
 * outage lets requests through rather than refusing everyone, and is logged once until Redis answers again.
 */
export class RedisWindowCounter implements WindowCounter {
  private readonly redis: Redis;
  private failing = false;
  private readonly blocks = new BlockReservations(
    async (key, size, window) => (await this.increment([{ key, window, by: size }]))[0] ?? null,
  );

  constructor(
    url: string,
    private readonly prefix: string,
    private readonly warn: (error: unknown) => void,
  ) {
    // no offline queue: while Redis is unreachable a request is counted as unknown at once, not held up
    this.redis = new Redis(url, { connectTimeout: 1000, maxRetriesPerRequest: 1, enableOfflineQueue: false });
    watchRedisConnection(this.redis);
    this.redis.on('error', (error) => this.failed(error));
  }

  hit(hits: readonly Hit[], now: number): Promise<(WindowCount | null)[]> {
    if (!hits.some(({ inBlocks }) => inBlocks && inBlocks.size > 1)) return this.countEach(hits, now);
    return Promise.all(
      hits.map((hit) =>
        hit.inBlocks && hit.inBlocks.size > 1
          ? this.blocks.hit({ ...hit, limit: hit.inBlocks.limit, blockSize: hit.inBlocks.size }, now)
          : this.countEach([hit], now).then(([count]) => count ?? null),
      ),
    );
  }

  /** One count per hit, all in one round trip. */
  private async countEach(hits: readonly Hit[], now: number): Promise<(WindowCount | null)[]> {
    const windows = hits.map(({ periodMs }) => windowOf(now, periodMs));
    const counts = await this.increment(hits.map(({ key }, i) => ({ key, window: windows[i]!, by: 1 })));
    return counts.map((count, i) => (count === null ? null : { count, resetAt: windows[i]!.resetAt }));
  }

  /**
   * Adds `by` to each key's count in its window (INCRBY, and PEXPIREAT the window's end plus a second for clock
   * skew), all in one round trip, and answers the counts after; null where Redis did not answer.
   */
  private async increment(
    increments: readonly { key: string; window: { index: number; resetAt: number }; by: number }[],
  ): Promise<(number | null)[]> {
    const pipeline = this.redis.pipeline();
    for (const { key, window, by } of increments) {
      const redisKey = `${this.prefix}${key}:${window.index}`;
      pipeline.incrby(redisKey, by).pexpireat(redisKey, expiryOf(window));
    }
    let replies: [Error | null, unknown][] | null;
    try {
      replies = await pipeline.exec();
    } catch (error) {
      this.failed(error);
      return increments.map(() => null);
    }
    this.failing = false;
    return increments.map((_, i) => {
      const [error, count] = replies?.[i * 2] ?? [null, null];
      if (error || typeof count !== 'number') {
        this.failed(error);
        return null;
      }
      return count;
    });
  }

  ready(): Promise<void> {
    if (this.redis.status === 'ready') return Promise.resolve();
    return new Promise((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.redis.off('ready', done).off('error', done);
        resolve();
      };
      const timer = setTimeout(done, 2000);
      this.redis.once('ready', done).once('error', done);
    });
  }

  private failed(error: unknown): void {
    if (this.failing) return;
    this.failing = true;
    this.warn(error);
  }

  async close(): Promise<void> {
    this.blocks.clear();
    await this.redis.quit().catch(() => this.redis.disconnect());
  }
}
