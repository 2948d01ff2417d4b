export interface SpreadPassesOptions<T> {
  /** every item is handled once per period */
  periodMs: number;
  /** items handed to one call of `handle` */
  chunkSize: number;
  /** the items of a pass, read when it starts */
  items: () => T[];
  handle: (chunk: T[]) => Promise<void>;
  /** a failed chunk is reported here; the pass goes on with the next one */
  onError: (error: unknown) => void;
}

const pause = (ms: number) =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, ms).unref();
  });

/**
 * Periodic work over every socket of a process, spread across time: each period's pass takes the items in chunks
 * with pauses between them over half the period, instead of all at once. At 10,000 sockets a pass done in one go
 * held the event loop (and Redis, and the garbage collector after it) for a hundred milliseconds and more, which
 * every chat delivery of the moment waited for; a chunk is a millisecond or two. Passes never overlap, a new one
 * starts one period after the previous one started (or as soon as it ended, were it slower), and nothing here
 * keeps the process alive.
 */
export class SpreadPasses<T> {
  private timer: NodeJS.Timeout | undefined;
  private stopped = false;

  constructor(private readonly options: SpreadPassesOptions<T>) {
    this.schedule(options.periodMs);
  }

  stop(): void {
    this.stopped = true;
    clearTimeout(this.timer);
  }

  private schedule(delayMs: number): void {
    if (this.stopped) return;
    this.timer = setTimeout(() => void this.pass(), Math.max(0, delayMs));
    this.timer.unref();
  }

  private async pass(): Promise<void> {
    const { periodMs, chunkSize, items, handle, onError } = this.options;
    const started = Date.now();
    const list = items();
    const chunks = Math.ceil(list.length / chunkSize);
    const gapMs = chunks > 1 ? Math.floor(periodMs / 2 / chunks) : 0;
    for (let start = 0; start < list.length && !this.stopped; start += chunkSize) {
      if (start > 0 && gapMs > 0) await pause(gapMs);
      if (this.stopped) break;
      try {
        await handle(list.slice(start, start + chunkSize));
      } catch (error) {
        onError(error);
      }
    }
    this.schedule(started + periodMs - Date.now());
  }
}
