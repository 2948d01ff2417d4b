import { randomUUID } from 'node:crypto';
import { EventEmitter, once } from 'node:events';
import type {
  MessageQueue,
  MessageQueueDepth,
  MessageQueueEnqueueOptions,
  MessageQueueListenOptions,
} from '@fedify/fedify';
import { sql } from 'kysely';
import { isPostgres, type Db } from '../db/index.js';
import { newId } from '../lib/ids.js';

export interface KyselyMessageQueueOptions {
  /** how long a consumer holds a message before another may take it, unless it renews the hold */
  leaseMs?: number;
  /** how long an idle consumer waits before looking at the table again (an enqueue here wakes it sooner) */
  pollIntervalMs?: number;
  /** a message whose handler threw this many times is dropped (Fedify retries deliveries itself) */
  maxAttempts?: number;
  onError?: (error: unknown, message: unknown) => void;
  now?: () => number;
}

interface ClaimedMessage {
  id: string;
  payload: string;
  attempts: number;
}

const iso = (ms: number) => new Date(ms).toISOString();

/**
 * Fedify's MessageQueue on the `federation_queue` table: durable (messages survive restarts) and shared by
 * every process using the database, so any process — server or `npm run worker` — may consume. A consumer
 * claims one ready message at a time in a single statement (PostgreSQL: `FOR UPDATE SKIP LOCKED`; SQLite:
 * one UPDATE … RETURNING, writes being serialized), holds it with a lease that it renews while the handler
 * runs, and deletes it when the handler is done. A consumer that dies stops renewing: once its lease runs
 * out, another takes the message again.
 */
export class KyselyMessageQueue implements MessageQueue {
  /** Fedify retries failed deliveries by enqueuing them again with a delay. */
  readonly nativeRetrial = false;
  private readonly leaseMs: number;
  private readonly pollIntervalMs: number;
  private readonly maxAttempts: number;
  private readonly now: () => number;
  private readonly wakeUp = new EventEmitter();

  constructor(
    private readonly db: Db,
    private readonly options: KyselyMessageQueueOptions = {},
  ) {
    this.leaseMs = options.leaseMs ?? 60_000;
    this.pollIntervalMs = options.pollIntervalMs ?? 1_000;
    this.maxAttempts = options.maxAttempts ?? 10;
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
    }));
    await this.db.insertInto('federation_queue').values(rows).execute();
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

  /**
   * Takes the oldest ready message that nobody holds, for `consumer`. A message with an ordering key is ready
   * only when no older message with that key is still in the table (waiting, or held by a consumer).
   */
  async claim(consumer: string): Promise<ClaimedMessage | null> {
    const now = iso(this.now());
    const lockedUntil = iso(this.now() + this.leaseMs);
    const candidate = sql`
      select q.id from federation_queue q
      where q.run_at <= ${now}
        and (q.locked_until is null or q.locked_until <= ${now})
        and (q.ordering_key is null or not exists (
          select 1 from federation_queue older where older.ordering_key = q.ordering_key and older.id < q.id
        ))
      order by q.run_at, q.id
      limit 1`;
    const result = await sql<ClaimedMessage>`
      update federation_queue
      set locked_until = ${lockedUntil}, locked_by = ${consumer}, attempts = attempts + 1
      where id = (${isPostgres(this.db) ? sql`${candidate} for update skip locked` : candidate})
      returning id, payload, attempts
    `.execute(this.db);
    return result.rows[0] ?? null;
  }

  /** Extends `consumer`'s hold on the message; false when it lost it (its lease ran out and another took it). */
  private async renew(id: string, consumer: string): Promise<boolean> {
    const result = await this.db
      .updateTable('federation_queue')
      .set({ locked_until: iso(this.now() + this.leaseMs) })
      .where('id', '=', id)
      .where('locked_by', '=', consumer)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
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
    const heartbeat = setInterval(
      () => {
        this.renew(message.id, consumer).catch((error: unknown) => this.options.onError?.(error, null));
      },
      Math.max(10, Math.floor(this.leaseMs / 3)),
    );
    heartbeat.unref();
    let payload: unknown;
    try {
      payload = JSON.parse(message.payload);
      await handler(payload);
    } catch (error) {
      clearInterval(heartbeat);
      this.options.onError?.(error, payload);
      await this.release(message, consumer);
      return;
    }
    clearInterval(heartbeat);
    await this.complete(message.id, consumer);
  }

  /** Consumes messages one at a time until `signal` aborts (then resolves; it never rejects). */
  async listen(
    handler: (message: unknown) => Promise<void> | void,
    options: MessageQueueListenOptions = {},
  ): Promise<void> {
    const { signal } = options;
    const consumer = randomUUID();
    while (!signal?.aborted) {
      let handled = false;
      try {
        const message = await this.claim(consumer);
        if (message) {
          await this.handleOne(message, consumer, handler);
          handled = true;
        }
      } catch (error) {
        // the database is away for a moment: wait a poll interval and look again
        this.options.onError?.(error, null);
      }
      if (!handled) await this.idle(signal);
    }
  }

  /** Waits a poll interval, or less when a message is enqueued in this process or `signal` aborts. */
  private async idle(signal: AbortSignal | undefined): Promise<void> {
    const controller = new AbortController();
    const stop = () => controller.abort();
    signal?.addEventListener('abort', stop, { once: true });
    const timer = setTimeout(stop, this.pollIntervalMs);
    try {
      await once(this.wakeUp, 'enqueued', { signal: controller.signal });
    } catch {
      // aborted: the poll interval passed or the listener was stopped
    } finally {
      clearTimeout(timer);
      signal?.removeEventListener('abort', stop);
    }
  }
}
