import type { KeyCache } from '@fedify/fedify';

type CachedKey = Awaited<ReturnType<KeyCache['get']>>;

/** Keys are kept a few minutes (a rotated key is picked up soon), an unavailable one less. */
const KEY_TTL_MS = 5 * 60_000;
const UNAVAILABLE_KEY_TTL_MS = 60_000;
const MAX_KEYS = 10_000;

/**
 * The public keys the inbox gate verified signatures with, in this process's memory for a short while, so that
 * a busy remote server's deliveries do not fetch its actors' keys again and again. Bounded: the oldest entry
 * goes first.
 */
export class MemoryKeyCache implements KeyCache {
  private readonly keys = new Map<string, { key: CachedKey; expiresAt: number }>();

  constructor(private readonly now: () => number = Date.now) {}

  get(keyId: URL): Promise<CachedKey> {
    const entry = this.keys.get(keyId.href);
    if (entry && entry.expiresAt > this.now()) return Promise.resolve(entry.key);
    if (entry) this.keys.delete(keyId.href);
    return Promise.resolve(undefined);
  }

  set(keyId: URL, key: CachedKey): Promise<void> {
    this.keys.delete(keyId.href);
    if (this.keys.size >= MAX_KEYS) this.keys.delete(this.keys.keys().next().value!);
    const ttl = key ? KEY_TTL_MS : UNAVAILABLE_KEY_TTL_MS;
    this.keys.set(keyId.href, { key, expiresAt: this.now() + ttl });
    return Promise.resolve();
  }
}
