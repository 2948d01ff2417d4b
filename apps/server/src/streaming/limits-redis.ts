import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import {
  TYPING_STATE_TTL_MS,
  type StreamingLimits,
  type StreamingLimitSettings,
  type TypingDecision,
  type TypingEvent,
} from './limits.js';

export interface RedisStreamingLimitsOptions extends StreamingLimitSettings {
  /** key prefix shared with the event bus of the same deployment */
  prefix?: string;
  /** how long a socket's slot lives without a refresh; a crashed process's slots free themselves after this */
  ttlMs?: number;
  onError?: (error: unknown) => void;
}

const DEFAULT_TTL_MS = 30_000;

/** KEYS[1] the account's slots; ARGV now, expiry, member, max, key ttl. Drops expired slots, then takes one. */
const ACQUIRE_SCRIPT = `
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', ARGV[1])
local max = tonumber(ARGV[4])
if max > 0 and redis.call('ZCARD', KEYS[1]) >= max and not redis.call('ZSCORE', KEYS[1], ARGV[3]) then
  return 0
end
redis.call('ZADD', KEYS[1], ARGV[2], ARGV[3])
redis.call('PEXPIRE', KEYS[1], ARGV[5])
return 1`;

/**
 * KEYS[1] the sender's typing state in one conversation; ARGV event, now, window, key ttl. The rule of
 * decideTyping (limits.ts): returns 1 to relay, 0 to drop, -n to drop a start that may be retried in n ms.
 */
const TYPING_SCRIPT = `
local started = tonumber(redis.call('HGET', KEYS[1], 'started') or '-1')
local typing = redis.call('HGET', KEYS[1], 'typing') == '1'
if ARGV[1] == 'typing_stop' then
  if not typing then return 0 end
  redis.call('HSET', KEYS[1], 'typing', '0')
  return 1
end
local wait = 0
if started >= 0 then wait = started + tonumber(ARGV[3]) - tonumber(ARGV[2]) end
if wait > 0 then
  if typing then return 0 end
  return -wait
end
redis.call('HSET', KEYS[1], 'started', ARGV[2], 'typing', '1')
redis.call('PEXPIRE', KEYS[1], ARGV[4])
return 1`;

interface ScriptedRedis extends Redis {
  acquireSocketSlot(
    key: string,
    now: number,
    expiry: number,
    member: string,
    max: number,
    ttl: number,
  ): Promise<number>;
  typingGate(key: string, event: string, now: number, windowMs: number, ttl: number): Promise<number>;
}

/**
 * The streaming limits shared between processes through Redis. Each account has a sorted set of its open
 * sockets (`<process>:<socket>`), scored by when their slot expires; every process refreshes the slots of its
 * own sockets every third of the TTL. Typing states are small hashes that expire on their own.
 */
export class RedisStreamingLimits implements StreamingLimits {
  private readonly redis: ScriptedRedis;
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly processId = randomUUID();
  private readonly local = new Map<string, Set<string>>();
  private readonly refresher: NodeJS.Timeout;

  constructor(
    url: string,
    private readonly options: RedisStreamingLimitsOptions,
  ) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 }) as ScriptedRedis;
    this.redis.defineCommand('acquireSocketSlot', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    this.redis.defineCommand('typingGate', { numberOfKeys: 1, lua: TYPING_SCRIPT });
    this.prefix = options.prefix ?? 'palchat:';
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    const onError = options.onError ?? (() => undefined);
    this.refresher = setInterval(
      () => {
        this.refresh().catch(onError);
      },
      Math.max(1, Math.floor(this.ttlMs / 3)),
    );
    this.refresher.unref();
  }

  async ready(): Promise<void> {
    await this.redis.ping();
  }

  async acquireSocket(accountId: string, socketId: string): Promise<boolean> {
    const now = Date.now();
    const taken = await this.redis.acquireSocketSlot(
      this.socketsKey(accountId),
      now,
      now + this.ttlMs,
      this.member(socketId),
      this.options.maxSocketsPerUser,
      this.ttlMs * 2,
    );
    if (taken !== 1) return false;
    let sockets = this.local.get(accountId);
    if (!sockets) {
      sockets = new Set();
      this.local.set(accountId, sockets);
    }
    sockets.add(socketId);
    return true;
  }

  async releaseSocket(accountId: string, socketId: string): Promise<void> {
    const sockets = this.local.get(accountId);
    sockets?.delete(socketId);
    if (sockets?.size === 0) this.local.delete(accountId);
    await this.redis.zrem(this.socketsKey(accountId), this.member(socketId));
  }

  async typing(accountId: string, conversationId: string, event: TypingEvent): Promise<TypingDecision> {
    const answer = await this.redis.typingGate(
      this.typingKey(accountId, conversationId),
      event,
      Date.now(),
      this.options.typingIntervalMs,
      this.options.typingIntervalMs + TYPING_STATE_TTL_MS,
    );
    if (answer === 1) return { relay: true };
    return answer < 0 ? { relay: false, retryInMs: -answer } : { relay: false };
  }

  async forgetTyping(accountId: string, conversationId: string): Promise<void> {
    await this.redis.del(this.typingKey(accountId, conversationId));
  }

  async close(): Promise<void> {
    clearInterval(this.refresher);
    const pipeline = this.redis.pipeline();
    for (const [accountId, sockets] of this.local) {
      pipeline.zrem(this.socketsKey(accountId), ...[...sockets].map((socketId) => this.member(socketId)));
    }
    this.local.clear();
    await pipeline.exec().catch(() => undefined);
    await this.redis.quit().catch(() => undefined);
  }

  private socketsKey(accountId: string): string {
    return `${this.prefix}sockets:${accountId}`;
  }

  private typingKey(accountId: string, conversationId: string): string {
    return `${this.prefix}typing:${conversationId}:${accountId}`;
  }

  private member(socketId: string): string {
    return `${this.processId}:${socketId}`;
  }

  private async refresh(): Promise<void> {
    if (this.local.size === 0) return;
    const expiry = Date.now() + this.ttlMs;
    const pipeline = this.redis.pipeline();
    for (const [accountId, sockets] of this.local) {
      const key = this.socketsKey(accountId);
      pipeline.zadd(key, ...[...sockets].flatMap((socketId) => [expiry, this.member(socketId)]));
      pipeline.pexpire(key, this.ttlMs * 2);
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }
}
