/**
 * Remembers failed fetches for a while, in this process: a URL that failed is not fetched again before
 * `urlTtlMs`, and a host that caused `costlyStrikes` costly failures (too large, too slow) is refused for
 * `hostBanMs`. Anyone can name a URL as a signature's keyId; naming it again must not cost another fetch.
 */

export interface FailureCacheOptions {
  urlTtlMs?: number;
  costlyStrikes?: number;
  hostBanMs?: number;
  /** most URLs remembered (the oldest are forgotten first) */
  maxEntries?: number;
  now?: () => number;
}

export class CachedFailureError extends Error {
  readonly code = 'ECACHEDFAILURE';
  constructor(
    readonly url: string,
    override readonly cause: unknown,
  ) {
    super(`${url} failed recently and is not fetched again yet`);
    this.name = 'CachedFailureError';
  }
}

interface Strikes {
  count: number;
  until: number;
}

export class FailureCache {
  private readonly urls = new Map<string, { error: unknown; until: number }>();
  private readonly hosts = new Map<string, Strikes>();
  private readonly urlTtlMs: number;
  private readonly costlyStrikes: number;
  private readonly hostBanMs: number;
  private readonly maxEntries: number;
  private readonly now: () => number;

  constructor(options: FailureCacheOptions = {}) {
    this.urlTtlMs = options.urlTtlMs ?? 5 * 60_000;
    this.costlyStrikes = options.costlyStrikes ?? 3;
    this.hostBanMs = options.hostBanMs ?? 30 * 60_000;
    this.maxEntries = options.maxEntries ?? 10_000;
    this.now = options.now ?? Date.now;
  }

  /** Throws CachedFailureError when `url` (or its host) should not be fetched now. */
  check(url: string): void {
    const now = this.now();
    const failure = this.urls.get(url);
    if (failure && failure.until > now) throw new CachedFailureError(url, failure.error);
    if (failure) this.urls.delete(url);
    const host = hostOf(url);
    const strikes = host ? this.hosts.get(host) : undefined;
    if (strikes && strikes.count >= this.costlyStrikes) {
      if (strikes.until > now) throw new CachedFailureError(url, new Error(`${host} is refused for a while`));
      this.hosts.delete(host!);
    }
  }

  /** Records a failed fetch; `costly` ones (oversize, timeout) count against the host. */
  record(url: string, error: unknown, costly: boolean): void {
    const now = this.now();
    this.urls.delete(url);
    this.urls.set(url, { error, until: now + this.urlTtlMs });
    if (this.urls.size > this.maxEntries) this.urls.delete(this.urls.keys().next().value!);
    const host = hostOf(url);
    if (!costly || !host) return;
    const previous = this.hosts.get(host);
    const count = previous && previous.until > now ? previous.count + 1 : 1;
    this.hosts.set(host, { count, until: now + this.hostBanMs });
    if (this.hosts.size > this.maxEntries) this.hosts.delete(this.hosts.keys().next().value!);
  }
}

function hostOf(url: string): string | null {
  try {
    return new URL(url).host;
  } catch {
    return null;
  }
}
