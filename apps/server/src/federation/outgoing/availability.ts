import type { CircuitBreakerOptions, CircuitBreakerState } from '@fedify/fedify';
import type { AppContext } from '../../context.js';
import type { DbOrTx } from '../../db/index.js';
import { nowIso } from '../../lib/time.js';

/**
 * Which servers are worth delivering to. Fedify's circuit breaker opens for a host after repeated failures
 * (then it holds that host's deliveries and probes it now and then); a host whose circuit stayed open this
 * long is "unavailable", as Mastodon's DeliveryFailureTracker says, and new deliveries skip it until it answers
 * again: its circuit closes after a probe succeeds, or it sends us an activity (`markDomainAvailable`).
 */
export const UNAVAILABLE_AFTER_MS = 3 * 24 * 60 * 60_000;

/** Failures that open a host's circuit: this many within the window (a dead server, not a hiccup). */
const CIRCUIT_FAILURES = 10;

export function hostOf(url: string | null | undefined): string | null {
  if (!url) return null;
  try {
    return new URL(url).host.toLowerCase();
  } catch {
    return null;
  }
}

/** Notes when a host's circuit opens (it starts failing) and forgets it when the circuit closes again. */
export async function recordCircuitState(
  db: DbOrTx,
  host: string,
  state: CircuitBreakerState,
  now = nowIso(),
): Promise<void> {
  const domain = host.toLowerCase();
  if (state === 'closed') {
    await markDomainAvailable(db, domain);
    return;
  }
  // half-open and open again keep the time the failures began
  await db
    .insertInto('unavailable_domains')
    .values({ domain, failing_since: now })
    .onConflict((oc) => oc.column('domain').doNothing())
    .execute();
}

/** The server answered (a delivery went through, or it sent us something): deliver to it again. */
export async function markDomainAvailable(db: DbOrTx, host: string): Promise<void> {
  await db.deleteFrom('unavailable_domains').where('domain', '=', host.toLowerCase()).execute();
}

/** Of `hosts`, those failing for longer than UNAVAILABLE_AFTER_MS. */
export async function unavailableDomains(ctx: AppContext, hosts: readonly string[]): Promise<Set<string>> {
  if (hosts.length === 0) return new Set();
  const cutoff = new Date(Date.now() - UNAVAILABLE_AFTER_MS).toISOString();
  const rows = await ctx.db
    .selectFrom('unavailable_domains')
    .select('domain')
    .where('domain', 'in', [...new Set(hosts)])
    .where('failing_since', '<=', cutoff)
    .execute();
  return new Set(rows.map((row) => row.domain));
}

/**
 * Fedify's circuit breaker for our deliveries, reporting its state changes to `unavailable_domains`. An open
 * circuit lets one delivery probe the server every `recoverySeconds` (FEDERATION_CIRCUIT_RECOVERY_SECONDS):
 * Fedify's delay is fixed (no backoff), and one request a minute to a dead server costs little, while a server
 * back from a short outage gets its held deliveries within a minute rather than half an hour.
 */
export function deliveryCircuitBreaker(
  db: DbOrTx,
  onError: (error: unknown) => void,
  recoverySeconds = 60,
): CircuitBreakerOptions {
  return {
    failureThreshold: CIRCUIT_FAILURES,
    failureWindow: { hours: 1 },
    recoveryDelay: { seconds: recoverySeconds },
    // Mastodon retries a delivery for about a week, so held deliveries wait as long
    heldActivityTtl: { days: 7 },
    onStateChange: (host, _previous, next) => recordCircuitState(db, host, next).catch(onError),
  };
}

/** Remote actors whose inbox answered `410 Gone`: nothing is delivered to them anymore. */
export async function markActorsGone(db: DbOrTx, actorIds: readonly URL[], now = nowIso()): Promise<void> {
  if (actorIds.length === 0) return;
  await db
    .updateTable('accounts')
    .set({ gone_at: now })
    .where(
      'uri',
      'in',
      actorIds.map((id) => id.href),
    )
    .where('domain', 'is not', null)
    .where('gone_at', 'is', null)
    .execute();
}

/**
 * Mastodon retries a delivery for about a week (16 attempts with a growing delay): here the delay doubles
 * from a minute (FEDERATION_FIRST_RETRY_SECONDS, shorter in tests) up to a day, which spreads 16 attempts
 * over about six days.
 */
export function deliveryRetry(firstRetrySeconds = 60) {
  return {
    initialDelay: { seconds: firstRetrySeconds },
    maxDelay: { hours: 24 },
    maxAttempts: 16,
  } as const;
}
