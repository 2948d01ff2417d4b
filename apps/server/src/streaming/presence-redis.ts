import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { watchRedisConnection } from '../lib/redis-connection.js';
import { SpreadPasses } from '../lib/spread-passes.js';
import { LocalSockets, type PresenceRegistry } from './presence.js';

export interface RedisPresenceOptions {
  /** key prefix shared with the event bus of the same deployment */
  prefix?: string;
  /** how long a process's claim lives without a refresh; a crashed process's sockets vanish after this */
  ttlMs?: number;
  /** identifies this process's entries; random by default */
  processId?: string;
  onError?: (error: unknown) => void;
}

const DEFAULT_TTL_MS = 30_000;

/**
 * Accounts re-claimed per Redis round trip in a refresh. One pipeline for all of a process's accounts (three
 * commands each) held its event loop for ~60 ms at 5,000 accounts, and Redis, with every chat delivery behind it,
 * as long again; in chunks spread over time both serve other work in between.
 */
export const REFRESH_CHUNK = 100;

/**
 * KEYS the accounts' sorted sets; ARGV this process, its claim's expiry, now, the keys' ttl. Claims every account
 * in one command: three commands per account built by the client cost ~20 µs each on this side, and their
 * thousands of pending replies lived long enough to make the young-generation collections slow.
 */
const CLAIM_SCRIPT = `
for _, key in ipairs(KEYS) do
  redis.call('ZADD', key, ARGV[2], ARGV[1])
  redis.call('ZREMRANGEBYSCORE', key, '-inf', ARGV[3])
  redis.call('PEXPIRE', key, ARGV[4])
end
return #KEYS`;

interface ScriptedRedis extends Redis {
  /** the number of keys, the keys, then the script's ARGV */
  claimPresence(keyCount: number, ...keysAndArgs: (string | number)[]): Promise<number>;
}

/**
 * Presence shared between processes through Redis. Every account has one sorted set whose members are the
 * processes holding an active socket of it, scored by the time their claim expires. A process claims an
 * account when its first active socket appears, drops the claim when its last one goes, and re-claims all of
 * its accounts every third of the TTL; an account is online while any claim is unexpired.
 */
export class RedisPresence implements PresenceRegistry {
  private readonly redis: ScriptedRedis;
  private readonly sockets = new LocalSockets();
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly processId: string;
  private readonly onError: (error: unknown) => void;
  private readonly refresher: SpreadPasses<string>;

  constructor(url: string, options: RedisPresenceOptions = {}) {
    this.redis = watchRedisConnection(new Redis(url, { maxRetriesPerRequest: 3 }) as ScriptedRedis);
    this.redis.defineCommand('claimPresence', { lua: CLAIM_SCRIPT });
    this.prefix = `${options.prefix ?? 'palchat:'}presence:`;
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.processId = options.processId ?? randomUUID();
    this.onError = options.onError ?? (() => undefined);
    // claims are re-made every third of their lifetime, spread over half of that: never older than ~half the TTL
    this.refresher = new SpreadPasses({
      periodMs: Math.max(1, Math.floor(this.ttlMs / 3)),
      chunkSize: REFRESH_CHUNK,
      items: () => this.sockets.activeAccounts(),
      handle: (accounts) => this.claim(accounts),
      onError: this.onError,
    });
  }

  async ready(): Promise<void> {
    await this.redis.ping();
  }

  async connect(accountId: string, socketId: string): Promise<void> {
    const wasActive = this.sockets.isActive(accountId);
    this.sockets.connect(accountId, socketId);
    await this.publishChange(accountId, wasActive);
  }

  async setActive(socketId: string, active: boolean): Promise<void> {
    const accountId = this.sockets.accountFor(socketId);
    if (!accountId) return;
    const wasActive = this.sockets.isActive(accountId);
    this.sockets.setActive(socketId, active);
    await this.publishChange(accountId, wasActive);
  }

  async disconnect(socketId: string): Promise<void> {
    const accountId = this.sockets.accountFor(socketId);
    if (!accountId) return;
    const wasActive = this.sockets.isActive(accountId);
    this.sockets.disconnect(socketId);
    await this.publishChange(accountId, wasActive);
  }

  async connected(accountIds: readonly string[]): Promise<Set<string>> {
    const online = new Set<string>();
    const remote = accountIds.filter((accountId) => {
      if (!this.sockets.isActive(accountId)) return true;
      online.add(accountId);
      return false;
    });
    if (remote.length === 0) return online;
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const accountId of remote) pipeline.zcount(this.key(accountId), `(${now}`, '+inf');
    const results = (await pipeline.exec()) ?? [];
    remote.forEach((accountId, index) => {
      const [error, count] = results[index] ?? [null, 0];
      if (error) throw error;
      if (Number(count) > 0) online.add(accountId);
    });
    return online;
  }

  async close(): Promise<void> {
    this.refresher.stop();
    const pipeline = this.redis.pipeline();
    for (const accountId of this.sockets.activeAccounts()) pipeline.zrem(this.key(accountId), this.processId);
    await pipeline.exec().catch(this.onError);
    await this.redis.quit().catch(() => undefined);
  }

  private key(accountId: string): string {
    return this.prefix + accountId;
  }

  private async publishChange(accountId: string, wasActive: boolean): Promise<void> {
    const isActive = this.sockets.isActive(accountId);
    if (isActive === wasActive) return;
    if (isActive) await this.claim([accountId]);
    else await this.redis.zrem(this.key(accountId), this.processId);
  }

  /** Claims of crashed processes are ignored by their score; a claim drops them and, in time, the key. */
  private async claim(accountIds: readonly string[]): Promise<void> {
    if (accountIds.length === 0) return;
    const now = Date.now();
    await this.redis.claimPresence(
      accountIds.length,
      ...accountIds.map((accountId) => this.key(accountId)),
      this.processId,
      now + this.ttlMs,
      now,
      this.ttlMs * 2,
    );
  }
}
