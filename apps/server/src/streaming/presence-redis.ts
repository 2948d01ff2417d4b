import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
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
 * as long again; in chunks both serve other work in between.
 */
export const REFRESH_CHUNK = 250;

/**
 * Presence shared between processes through Redis. Every account has one sorted set whose members are the
 * processes holding an active socket of it, scored by the time their claim expires. A process claims an
 * account when its first active socket appears, drops the claim when its last one goes, and re-claims all of
 * its accounts every third of the TTL; an account is online while any claim is unexpired.
 */
export class RedisPresence implements PresenceRegistry {
  private readonly redis: Redis;
  private readonly sockets = new LocalSockets();
  private readonly prefix: string;
  private readonly ttlMs: number;
  private readonly processId: string;
  private readonly onError: (error: unknown) => void;
  private readonly refresher: NodeJS.Timeout;

  constructor(url: string, options: RedisPresenceOptions = {}) {
    this.redis = new Redis(url, { maxRetriesPerRequest: 3 });
    this.prefix = `${options.prefix ?? 'palchat:'}presence:`;
    this.ttlMs = options.ttlMs ?? DEFAULT_TTL_MS;
    this.processId = options.processId ?? randomUUID();
    this.onError = options.onError ?? (() => undefined);
    this.refresher = setInterval(
      () => {
        this.refresh().catch(this.onError);
      },
      Math.max(1, Math.floor(this.ttlMs / 3)),
    );
    this.refresher.unref();
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
    clearInterval(this.refresher);
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

  private async claim(accountIds: readonly string[]): Promise<void> {
    if (accountIds.length === 0) return;
    const now = Date.now();
    const pipeline = this.redis.pipeline();
    for (const accountId of accountIds) {
      const key = this.key(accountId);
      pipeline.zadd(key, now + this.ttlMs, this.processId);
      // Claims of crashed processes are ignored by their score; this drops them and, in time, the key.
      pipeline.zremrangebyscore(key, '-inf', now);
      pipeline.pexpire(key, this.ttlMs * 2);
    }
    const results = (await pipeline.exec()) ?? [];
    const failed = results.find(([error]) => error);
    if (failed?.[0]) throw failed[0];
  }

  private async refresh(): Promise<void> {
    const accounts = this.sockets.activeAccounts();
    for (let start = 0; start < accounts.length; start += REFRESH_CHUNK)
      await this.claim(accounts.slice(start, start + REFRESH_CHUNK));
  }
}
