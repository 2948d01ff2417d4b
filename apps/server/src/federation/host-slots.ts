/**
 * Runs tasks with at most `perHost` of them in flight per remote host (tasks without a host are not limited):
 * a task for a host already at its limit waits for one of that host's tasks to end, without taking a slot of
 * the consumer running it, so one slow or dead server holds a few slots and never delays the others.
 */
export class HostSlots {
  private readonly inFlight = new Map<string, number>();
  private readonly waiting = new Map<string, { start: () => void; drop: () => void }[]>();
  private readonly settled = new Set<() => void>();
  /** tasks running now (not those waiting for their host) */
  running = 0;

  constructor(private readonly perHost: number) {}

  /** Hosts with `perHost` tasks in flight: a consumer should not take more work for them yet. */
  busyHosts(): string[] {
    return [...this.inFlight].filter(([, count]) => count >= this.perHost).map(([host]) => host);
  }

  /** Calls `listener` each time a task ends (its slot is free again). */
  onSettled(listener: () => void): () => void {
    this.settled.add(listener);
    return () => this.settled.delete(listener);
  }

  /**
   * Runs `task` now, or once its host has a free slot; resolves when it ended (it never rejects), or when it was
   * dropped while waiting (dropWaiting: `onDropped` is called then).
   */
  run(host: string | null, task: () => Promise<void>, onDropped?: () => void): Promise<void> {
    if (host && (this.inFlight.get(host) ?? 0) >= this.perHost) {
      return new Promise<void>((resolve) => {
        const queue = this.waiting.get(host) ?? [];
        queue.push({
          start: () => void this.start(host, task).then(resolve),
          drop: () => {
            onDropped?.();
            resolve();
          },
        });
        this.waiting.set(host, queue);
      });
    }
    return this.start(host, task);
  }

  /** Gives up the tasks still waiting for their host (a consumer stopping): they never run. */
  dropWaiting(): void {
    const waiting = [...this.waiting.values()].flat();
    this.waiting.clear();
    for (const entry of waiting) entry.drop();
  }

  private async start(host: string | null, task: () => Promise<void>): Promise<void> {
    this.running += 1;
    if (host) this.inFlight.set(host, (this.inFlight.get(host) ?? 0) + 1);
    try {
      await task();
    } catch {
      // the task reports its own failures
    } finally {
      this.running -= 1;
      if (host) this.release(host);
      for (const listener of this.settled) listener();
    }
  }

  private release(host: string): void {
    const count = (this.inFlight.get(host) ?? 1) - 1;
    if (count > 0) this.inFlight.set(host, count);
    else this.inFlight.delete(host);
    const next = this.waiting.get(host)?.shift();
    if (this.waiting.get(host)?.length === 0) this.waiting.delete(host);
    next?.start();
  }
}
