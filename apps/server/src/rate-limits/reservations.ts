import { windowOf, type WindowCount } from './windows.js';

/** A key to count in blocks: one throttle's key (`api:ip:…`), its period, its limit and the block's size. */
export interface BlockHit {
  key: string;
  periodMs: number;
  limit: number;
  blockSize: number;
}

/**
 * Reserves `size` counts of a key's window in the shared store at once (Redis INCRBY) and answers the count
 * after it: the block is the `size` counts ending there. Null when the store does not answer.
 */
export type ReserveBlock = (
  key: string,
  size: number,
  window: { index: number; resetAt: number },
) => Promise<number | null>;

/** The counts of a key's window this process holds: `next` … `end` are still to be handed out. */
interface Block {
  next: number;
  end: number;
}

interface KeyReservations {
  block: Block | null;
  /** the reservation under way, shared by every request that waits for it */
  reserving: Promise<Block | null> | null;
}

/**
 * The largest block a throttle of `limit` requests is counted in: a thirtieth of the limit (10 of Mastodon's
 * 300), at most 100. Below 2 the throttle is counted one request at a time.
 */
export const blockSizeOf = (limit: number): number => Math.min(100, Math.floor(limit / 30));

/**
 * Counts of the light routes (server information, custom emojis …) taken from the shared count in blocks, so
 * that most of their requests count in memory instead of waiting for a Redis round trip behind the load.
 *
 * Each process reserves `blockSize` counts of a key's window with one INCRBY and hands them out one per
 * request; the request that takes the last one starts reserving the next block, so that the following request
 * usually finds it ready. Every count is handed out by one process only, so a request is refused exactly when
 * its count passes the limit, and no more than `limit` requests of a window are ever let through across all
 * processes. The tolerance, in the other direction: counts a process reserved and has not handed out (at most
 * one block per process and key) are counted against the caller too, so a caller whose requests go to P
 * processes may be refused up to P × blockSize requests before its limit (20 of Mastodon's 300 with two
 * processes, if it stops using one of them mid-block). X-RateLimit-Remaining counts this process's requests
 * exactly and the other processes' as of this process's last reservation, which is at most blockSize of its
 * requests ago.
 *
 * Once a block reaches the limit, the key's window is spent: its later requests are refused without asking the
 * store, until the window ends.
 */
export class BlockReservations {
  private readonly windows = new Map<number, { index: number; keys: Map<string, KeyReservations> }>();

  constructor(private readonly reserve: ReserveBlock) {}

  async hit({ key, periodMs, limit, blockSize }: BlockHit, now: number): Promise<WindowCount | null> {
    const window = windowOf(now, periodMs);
    const reservations = this.reservationsOf(key, periodMs, window.index);
    for (;;) {
      const { block } = reservations;
      if (block && (block.next <= block.end || block.end >= limit)) {
        const count = block.next++;
        // reserve the next block ahead of need; reserveNext never rejects (a failed reservation is retried by the
        // next hit)
        if (block.next > block.end && block.end < limit)
          void this.reserveNext(reservations, key, blockSize, window);
        return { count, resetAt: window.resetAt };
      }
      const reserved = await this.reserveNext(reservations, key, blockSize, window);
      if (!reserved) return null;
    }
  }

  private reservationsOf(key: string, periodMs: number, index: number): KeyReservations {
    let window = this.windows.get(periodMs);
    if (window?.index !== index) {
      // the previous window's blocks are of no use any more: dropped whole
      window = { index, keys: new Map() };
      this.windows.set(periodMs, window);
    }
    let reservations = window.keys.get(key);
    if (!reservations) {
      reservations = { block: null, reserving: null };
      window.keys.set(key, reservations);
    }
    return reservations;
  }

  private reserveNext(
    reservations: KeyReservations,
    key: string,
    size: number,
    window: { index: number; resetAt: number },
  ): Promise<Block | null> {
    reservations.reserving ??= this.reserve(key, size, window).then(
      (end) => {
        reservations.reserving = null;
        if (end === null) return null;
        const block = { next: end - size + 1, end };
        reservations.block = block;
        return block;
      },
      () => {
        reservations.reserving = null;
        return null;
      },
    );
    return reservations.reserving;
  }

  clear(): void {
    this.windows.clear();
  }
}
