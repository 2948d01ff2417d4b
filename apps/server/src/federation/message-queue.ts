import { randomUUID } from 'node:crypto';
import { EventEmitter } from 'node:events';
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/index.js';
import { newId } from '../lib/ids.js';
import { HostSlots } from './host-slots.js';

export interface KyselyMessageQueueOptions {
  /** how long a consumer holds a message before another may take it, unless it renews the hold */
  leaseMs?: number;
  /** how long an idle consumer waits before looking at the table again (an enqueue here wakes it sooner) */
  pollIntervalMs?: number;
  /** a message whose handler threw this many times is dropped (Fedify retries deliveries itself) */
  maxAttempts?: number;
  /** messages one consumer handles at the same time (1 by default) */
  concurrency?: number;
  /** deliveries one consumer has in flight to the same remote host at most (4 by default) */
  hostConcurrency?: number;
  onError?: (error: unknown, message: unknown) => void;
  now?: () => number;
}

interface ClaimedMessage {
  id: string;
  payload: string;
  attempts: number;
  host: string | null;
}

const iso = (ms: number) => new Date(ms).toISOString();

/** Rows per insert: well under SQLite's limit of bound values. */
const INSERT_CHUNK = 500;

/** The remote host a Fedify delivery (an `outbox` message) goes to; null for every other message. */
export function deliveryHostOf(message: unknown): string | null {
  const { type, inbox } = (message ?? {}) as { type?: unknown; inbox?: unknown };
  if (type !== 'outbox' || typeof inbox !== 'string') return null;
  try {
    return new URL(inbox).host.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * Fedify's MessageQueue on the `federation_queue` table: durable (messages survive restarts) and shared by
 * every process using the database, so any process — server or `npm run worker` — may consume. A consumer
 * claims as many ready messages as it has free slots (`concurrency`) in a single statement (PostgreSQL:
 * `FOR UPDATE SKIP LOCKED`; SQLite: one UPDATE … RETURNING, writes being serialized), holds them with a lease
 * that it renews (all at once) while their handlers run, and deletes each one when its handler is done. A
 * consumer that dies stops renewing: once its lease runs out, another takes the messages again. Deliveries
 * carry their remote host: a consumer takes none for a host it already has `hostConcurrency` deliveries in
 * flight to, so that a slow server cannot fill its slots.
 */
export class KyselyMessageQueue implements MessageQueue {
  /** Fedify retries failed deliveries by enqueuing them again with a delay. */
  readonly nativeRetrial = false;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly concurrency: number;
  private readonly hostConcurrency: number;
  private readonly now: () => number;
  private readonly wakeUp = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly options: KyselyMessageQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 10;
    this.concurrency = Math.max(1, options.concurrency ?? 1);
    this.hostConcurrency = Math.max(1, options.hostConcurrency ?? 4);
    this.now = options.now ?? Date.now;
    this.wakeUp.setMaxListeners(0);
  }

  async enqueue(message: unknown, options?: MessageQueueEnqueueOptions): Promise<void> {
    await this.enqueueMany([message], options);
  }

  async enqueueMany(messages: readonly unknown[], options?: MessageQueueEnqueueOptions): Promise<void> {
    if (messages.length === 0) return;
    const delayMs = options?.delay ? options.delay.total({ unit: 'milliseconds' }) : 0;
    if (delayMs < 0) throw new RangeError('The delay must not be negative');
    const now = this.now();
    const rows = messages.map((message) => ({
      id: newId(),
      payload: JSON.stringify(message),
      ordering_key: options?.orderingKey ?? null,
      run_at: iso(now + delayMs),
      created_at: iso(now),
      host: deliveryHostOf(message),
    }));
    for (let start = 0; start < rows.length; start += INSERT_CHUNK)
      await this.db
        .insertInto('federation_queue')
        .values(rows.slice(start, start + INSERT_CHUNK))
        .execute();
    if (delayMs === 0) this.wakeUp.emit('enqueued');
  }

  /** Wakes this process's idle consumers: a message was inserted in a transaction of its own (durable.ts). */
  wake(): void {
    this.wakeUp.emit('enqueued');
  }

  async getDepth(): Promise<MessageQueueDepth> {
    const now = iso(this.now());
    const row = await this.db
      .selectFrom('federation_queue')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('queued'),
        eb.fn.sum<number | string | null>(sql`case when run_at <= ${now} then 1 else 0 end`).as('ready'),
      ])
      .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', now)]))
      .executeTakeFirstOrThrow();
    const queued = Number(row.queued);
    const ready = Number(row.ready ?? 0);
    return { queued, ready, delayed: queued - ready };
  }

  /** Takes the oldest ready message that nobody holds, for `consumer` (claimMany's first). */
  async claim(consumer: string): Promise<ClaimedMessage | null> {
    const [message] = await this.claimMany(consumer, 1, []);
    return message ?? null;
  }

  /**
   * Takes up to `limit` of the oldest ready messages that nobody holds, for `consumer`, none to `busyHosts`. A
   * message with an ordering key is ready only when no older message with that key is still in the table
   * (waiting, or held by a consumer).
   */
  async claimMany(consumer: string, limit: number, busyHosts: readonly string[]): Promise<ClaimedMessage[]> {
    const now = iso(this.now());
    const lockedUntil = iso(this.now() + this.leaseMs);
    const notBusy =
      busyHosts.length === 0 ? sql`` : sql`and (q.host is null or q.host not in (${sql.join(busyHosts)}))`;
    const candidates = sql`
      select q.id from federation_queue q
      where q.run_at <= ${now}
        and (q.locked_until is null or q.locked_until <= ${now})
        and (q.ordering_key is null or not exists (
          select 1 from federation_queue older where older.ordering_key = q.ordering_key and older.id < q.id
        ))
        ${notBusy}
      order by q.run_at, q.id
      limit ${limit}`;
    const result = await sql<ClaimedMessage>`
      update federation_queue
      set locked_until = ${lockedUntil}, locked_by = ${consumer}, attempts = attempts + 1
      where id in (${isPostgres(this.db) ? sql`${candidates} for update skip locked` : candidates})
      returning id, payload, attempts, host
    `.execute(this.db);
    return result.rows;
  }

  /** Hands messages `consumer` claimed but never tried back to the queue, their attempt not counted. */
  private async unclaim(ids: readonly string[], consumer: string): Promise<void> {
    if (ids.length === 0) return;
    await this.db
      .updateTable('federation_queue')
      .set((eb) => ({ locked_until: null, locked_by: null, attempts: eb('attempts', '-', 1) }))
      .where('id', 'in', ids)
      .where('locked_by', '=', consumer)
      .execute();
  }

  /** Extends `consumer`'s hold on every message it has. */
  private async renewAll(consumer: string): Promise<void> {
    await this.db
      .updateTable('federation_queue')
      .set({ locked_until: iso(this.now() + this.leaseMs) })
      .where('locked_by', '=', consumer)
      .execute();
  }

  private async complete(id: string, consumer: string): Promise<void> {
    await this.db
      .deleteFrom('federation_queue')
      .where('id', '=', id)
      .where('locked_by', '=', consumer)
      .execute();
  }

  /** After a handler threw: tried again later (backing off), or dropped after maxAttempts. */
  private async release(message: ClaimedMessage, consumer: string): Promise<void> {
    if (message.attempts >= this.maxAttempts) {
      await this.complete(message.id, consumer);
      return;
    }
    const backoffMs = Math.min(1000 * 2 ** message.attempts, 3_600_000);
    await this.db
      .updateTable('federation_queue')
      .set({ locked_until: null, locked_by: null, run_at: iso(this.now() + backoffMs) })
      .where('id', '=', message.id)
      .where('locked_by', '=', consumer)
      .execute();
  }

  private async handleOne(
    message: ClaimedMessage,
    consumer: string,
    handler: (message: unknown) => Promise<void> | void,
  ): Promise<void> {
    let payload: unknown;
    try {
      payload = JSON.parse(message.payload);
      await handler(payload);
    } catch (error) {
      this.options.onError?.(error, payload);
      await this.release(message, consumer);
      return;
    }
    await this.complete(message.id, consumer);
  }

  /**
   * Consumes messages, up to `concurrency` at a time, until `signal` aborts; then waits for the handlers
   * running and resolves (it never rejects).
   */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { signal } = options;
    const consumer = randomUUID();
    const slots = new HostSlots(this.hostConcurrency);
    const handling = new Set<Promise<void>>();
    const dropped: string[] = [];
    const settled = new EventEmitter();
    const stopListening = slots.onSettled(() => settled.emit('settled'));
    const heartbeat = setInterval(
      () => {
        if (handling.size > 0)
          this.renewAll(consumer).catch((error: unknown) => this.options.onError?.(error, null));
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    while (!signal?.aborted) {
      const room = this.concurrency - slots.running;
      let claimed = 0;
      if (room > 0) {
        try {
          const messages = await this.claimMany(consumer, room, slots.busyHosts());
          claimed = messages.length;
          for (const message of messages) {
            const done = slots.run(
              message.host,
              () => this.handleOne(message, consumer, handler),
              () => dropped.push(message.id),
            );
            handling.add(done);
            void done.then(() => handling.delete(done));
          }
        } catch (error) {
          // the database is away for a moment: wait a poll interval and look again
          this.options.onError?.(error, null);
        }
      }
      // a full batch: there may be more ready at once
      if (room > 0 && claimed === room) continue;
      await this.idle(signal, settled);
    }
    // what waits for a busy host goes back to the queue, untried, rather than hold the stop
    slots.dropWaiting();
    await Promise.all(handling);
    await this.unclaim(dropped, consumer).catch((error: unknown) => this.options.onError?.(error, null));
    clearInterval(heartbeat);
    stopListening();
  }

  /** Waits a poll interval, or less when a message is enqueued in this process, a handler ends or `signal` aborts. */
  private idle(signal: AbortSignal | undefined, settled: EventEmitter): Promise<void> {
    return new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        this.wakeUp.off('enqueued', done);
        settled.off('settled', done);
        signal?.removeEventListener('abort', done);
        resolve();
      };
      const timer = setTimeout(done, this.pollIntervalMs);
      this.wakeUp.once('enqueued', done);
      settled.once('settled', done);
      signal?.addEventListener('abort', done, { once: true });
      if (signal?.aborted) done();
    });
  }
}
