import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { watchRedisConnection } from '../lib/redis-connection.js';
import { SpreadPasses } from '../lib/spread-passes.js';
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

/**
 * KEYS accounts' slot sets; ARGV the slots' expiry, the keys' ttl, then for each key the number of its slots
 * followed by them. Refreshes a chunk of accounts in one command.
 */
const REFRESH_SCRIPT = `
local at = 3
for _, key in ipairs(KEYS) do
  local count = tonumber(ARGV[at])
  for index = at + 1, at + count do redis.call('ZADD', key, ARGV[1], ARGV[index]) end
  at = at + count + 1
  redis.call('PEXPIRE', key, ARGV[2])
end
return #KEYS`;

/** Accounts whose slots are refreshed per Redis command. */
export const REFRESH_CHUNK = 100;

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
  /** the number of keys, the keys, then the script's ARGV */
  refreshSlots(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number>;
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
  private readonly refresher: SpreadPasses<string>;

  constructor(
    url: string,
    private readonly options: RedisStreamingLimitsOptions,
  ) {
    this.redis = watchRedisConnection(new Redis(url, { maxRetriesPerRequest: 3 }) as ScriptedRedis);
    this.redis.defineCommand('acquireSocketSlot', { numberOfKeys: 1, lua: ACQUIRE_SCRIPT });
    this.redis.defineCommand('typingGate', { numberOfKeys: 1, lua: TYPING_SCRIPT });
    this.redis.defineCommand('refreshSlots', { lua: REFRESH_SCRIPT });
    this.prefix = options.prefix ?? 'palchat:';
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.refresher = new SpreadPasses({
      periodMs: Math.max(1, Math.floor(this.ttlMs / 3)),
      chunkSize: REFRESH_CHUNK,
      items: () => [...this.local.keys()],
      handle: (accountIds) => this.refresh(accountIds),
      onError: options.onError ?? (() => undefined),
    });
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
    this.refresher.stop();
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

  /**
   * One command for a chunk of accounts: a pipeline of two commands per account for all of them at once held the
   * event loop for tens of milliseconds at 5,000 accounts, and its pending replies the garbage collector.
   */
  private async refresh(accountIds: readonly string[]): Promise<void> {
    const keys: string[] = [];
    const slots: (string | number)[] = [];
    for (const accountId of accountIds) {
      // closed since the pass began
      const sockets = this.local.get(accountId);
      if (!sockets) continue;
      keys.push(this.socketsKey(accountId));
      slots.push(sockets.size, ...[...sockets].map((socketId) => this.member(socketId)));
    }
    if (keys.length === 0) return;
    await this.redis.refreshSlots(keys.length, ...keys, Date.now() + this.ttlMs, this.ttlMs * 2, ...slots);
  }
}
