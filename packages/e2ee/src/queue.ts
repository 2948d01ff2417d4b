/**
 * Runs tasks one after another per key (one queue per conversation), so state updates never interleave. With a
 * `lock` (the browser's Web Locks), the same key is also exclusive across tabs sharing one IndexedDB store.
 */
export type Lock = <T>(key: string, task: () => Promise<T>) => Promise<T>;

export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  constructor(private readonly lock?: Lock) {}

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const locked = this.lock ? () => this.lock!(key, task) : task;
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(locked, locked);
    const tail = result.catch(() => undefined);
    this.tails.set(key, tail);
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}

/** Web Locks when the platform has them (browsers; Node has navigator.locks too in recent versions). */
export function webLocks(prefix: string): Lock | undefined {
  const locks = (globalThis as { navigator?: { locks?: LockManager } }).navigator?.locks;
  if (!locks) return undefined;
  return (key, task) => locks.request(`${prefix}${key}`, task);
}
