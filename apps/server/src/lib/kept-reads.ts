interface Entry<V> {
  value: Promise<V>;
  expiresAt: number;
}

/**
 * Values read from storage and kept per key (a server context) until they expire or are dropped. Concurrent
 * requests share one read. An expired value is served once more while it is read again, so that only the very
 * first request waits for storage; a dropped value (a change was announced) is never served again.
 */
export class KeptReads<K extends object, V> {
  private readonly entries = new WeakMap<K, Entry<V>>();

  constructor(
    private readonly read: (key: K, now: number) => Promise<V>,
    /** when a value read at `now` expires */
    private readonly expiresAt: (value: V, now: number) => number,
  ) {}

  get(key: K, now = Date.now()): Promise<V> {
    const kept = this.entries.get(key);
    if (kept && kept.expiresAt > now) return kept.value;
    const fresh = this.start(key, now);
    if (!kept) {
      this.entries.set(key, fresh);
      fresh.value.catch(() => {
        if (this.entries.get(key) === fresh) this.entries.delete(key);
      });
      return fresh.value;
    }
    // one re-read at a time: the others are served the kept value until it is done
    kept.expiresAt = Number.POSITIVE_INFINITY;
    fresh.value.then(
      () => {
        if (this.entries.get(key) === kept) this.entries.set(key, fresh);
      },
      () => {
        if (this.entries.get(key) === kept) kept.expiresAt = 0;
      },
    );
    return kept.value;
  }

  drop(key: K): void {
    this.entries.delete(key);
  }

  private start(key: K, now: number): Entry<V> {
    const entry: Entry<V> = { value: this.read(key, now), expiresAt: Number.POSITIVE_INFINITY };
    entry.value.then(
      (value) => {
        entry.expiresAt = this.expiresAt(value, now);
      },
      () => undefined,
    );
    return entry;
  }
}
