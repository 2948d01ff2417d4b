import pg from 'pg';
import { ID_SLOTS } from '../lib/ids.js';
import { databaseOutage } from './unavailable.js';

export interface IdSlotLease {
  /** The slot held now; null while it is being re-taken after its connection was lost. */
  readonly slot: number | null;
  release(): Promise<void>;
}

export interface IdSlotOptions {
  /** told the new slot on every change: null when the lock's connection is lost, a number once re-leased */
  onSlot?: (slot: number | null) => void;
  /** how often the lock's connection is checked, so a silently cut one is noticed (default 5 s) */
  heartbeatMs?: number;
  /** first wait before re-taking a lost slot, doubling up to maxRetryMs (defaults 250 ms and 5 s) */
  retryMs?: number;
  maxRetryMs?: number;
}

class AllSlotsTakenError extends Error {
  constructor() {
    super(
      `All ${ID_SLOTS} id slots of this database are in use: at most ${ID_SLOTS} server processes can share it`,
    );
  }
}

/**
 * The slot of this process among those sharing one PostgreSQL database: the first of ID_SLOTS session-level
 * advisory locks it can take, held on a connection of its own for the process's life. A process that dies
 * loses its connection and so frees its slot; two live processes never hold the same one, so their ids
 * cannot collide.
 *
 * A live process can lose that connection too (backend terminated, failover, network cut). From then on
 * another process may take the same slot, so the lease reports null (ids stop, lib/ids.ts) and takes a free
 * slot again on a new connection, retrying with backoff until the database is back.
 */
export async function leaseIdSlot(
  databaseUrl: string,
  schema: string | undefined,
  options: IdSlotOptions = {},
): Promise<IdSlotLease> {
  const holder = new IdSlotHolder(databaseUrl, `palchat:id-slot:${schema ?? 'public'}`, options);
  await holder.take();
  return holder;
}

class IdSlotHolder implements IdSlotLease {
  slot: number | null = null;
  private client: pg.Client | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  private retry: NodeJS.Timeout | undefined;
  private retryMs: number;
  private released = false;

  constructor(
    private readonly databaseUrl: string,
    private readonly key: string,
    private readonly options: IdSlotOptions,
  ) {
    this.retryMs = options.retryMs ?? 250;
  }

  async take(): Promise<void> {
    const heartbeatMs = this.options.heartbeatMs ?? 5000;
    const client = new pg.Client({
      connectionString: this.databaseUrl,
      keepAlive: true,
      query_timeout: heartbeatMs,
    });
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client, new Error('id slot connection ended')));
    this.client = client;
    try {
      await client.connect();
      const slot = await this.firstFreeSlot(client);
      if (slot === null) throw new AllSlotsTakenError();
      if (this.client !== client) throw new Error('id slot connection lost while leasing');
      this.slot = slot;
      this.retryMs = this.options.retryMs ?? 250;
      this.heartbeat = setInterval(() => {
        client.query('select 1').catch((error: unknown) => this.lost(client, error));
      }, heartbeatMs).unref();
      this.options.onSlot?.(slot);
    } catch (error) {
      if (this.client === client) this.client = null;
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  async release(): Promise<void> {
    this.released = true;
    clearInterval(this.heartbeat);
    clearTimeout(this.retry);
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private async firstFreeSlot(client: pg.Client): Promise<number | null> {
    for (let slot = 0; slot < ID_SLOTS; slot += 1) {
      const result = await client.query<{ taken: boolean }>(
        'select pg_try_advisory_lock(hashtext($1), $2) as taken',
        [this.key, slot],
      );
      if (result.rows[0]?.taken) return slot;
    }
    return null;
  }

  private lost(client: pg.Client, error: unknown): void {
    // a connection lost before its slot was taken fails take(), whose caller retries
    if (this.released || this.client !== client || this.slot === null) return;
    this.client = null;
    clearInterval(this.heartbeat);
    void client.end().catch(() => undefined);
    databaseOutage.failed(error);
    this.slot = null;
    this.options.onSlot?.(null);
    this.scheduleRetake();
  }

  private scheduleRetake(): void {
    if (this.released) return;
    const wait = this.retryMs;
    this.retryMs = Math.min(wait * 2, this.options.maxRetryMs ?? 5000);
    this.retry = setTimeout(() => {
      this.take().catch(() => this.scheduleRetake());
    }, wait).unref();
  }
}

/** SQLite belongs to one process: slot 0, nothing to hold. */
export const SINGLE_PROCESS_SLOT: IdSlotLease = { slot: 0, release: async () => undefined };
