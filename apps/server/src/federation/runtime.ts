import type { Federation } from '@fedify/fedify';
import type { Dispatcher } from 'undici';
import type { AppContext } from '../context.js';
import type { FederationPort } from '../federation-port.js';
import type { ActorKeyStore } from './keys.js';
import type { KyselyKvStore } from './kv-store.js';
import type { KyselyMessageQueue } from './message-queue.js';

/** Fedify and the storage it runs on, one per process; found with `runtimeOf(ctx)` when federation is on. */
export interface FederationRuntime {
  federation: Federation<AppContext>;
  keys: ActorKeyStore;
  kv: KyselyKvStore;
  queue: KyselyMessageQueue;
  /** the connection pool Fedify's deliveries go through (delivery-dispatcher.ts) */
  deliveries: Dispatcher;
  /** where delivery and outgoing failures are logged */
  log?: FederationLogger | undefined;
  /** activities being built and enqueued after the request that caused them answered (the app waits on close) */
  sending: Set<Promise<void>>;
}

export interface FederationLogger {
  warn(details: object, message: string): void;
}

/** Mastodon refuses signatures whose Date is more than 12 hours off; so do we. */
export const SIGNATURE_TIME_WINDOW = { hours: 12 } as const;

const runtimes = new WeakMap<FederationPort, FederationRuntime>();

/** Ties the port federation installs on a context to the runtime behind it (federation/port.ts). */
export function bindRuntime(port: FederationPort, runtime: FederationRuntime): void {
  runtimes.set(port, runtime);
}

/**
 * Fedify's runtime behind `ctx.federation`, for federation's own modules; undefined when federation is off. The
 * domains only see the port; the runtime never leaves federation/.
 */
export function runtimeOf(ctx: Pick<AppContext, 'federation'>): FederationRuntime | undefined {
  return ctx.federation ? runtimes.get(ctx.federation) : undefined;
}
