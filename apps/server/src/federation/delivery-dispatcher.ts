import { AsyncLocalStorage } from 'node:async_hooks';
import { Dispatcher, getGlobalDispatcher, setGlobalDispatcher } from 'undici';
import { createVettedDispatcher } from '../lib/egress/vetted-dispatcher.js';
import type { EgressOptions } from '../lib/egress/fetch.js';

/**
 * Fedify POSTs deliveries with the global fetch(), which takes no dispatcher from us. While a delivery runs
 * (`whileDelivering`), this process's global dispatcher hands its requests to the delivery pool instead: a
 * keep-alive connection pool per remote host, connecting only to vetted addresses (as every other outgoing
 * request: lib/egress), with time limits, so that a server that never answers frees its slot after
 * DELIVERY_TIMEOUT_MS. Every other fetch() of the process goes to the dispatcher it had before.
 */
const delivering = new AsyncLocalStorage<Dispatcher>();

/** Waiting for a remote inbox's answer (headers, then body) stops after this long. */
export const DELIVERY_TIMEOUT_MS = 10_000;

class DeliveryAwareDispatcher extends Dispatcher {
  constructor(readonly fallback: Dispatcher) {
    super();
  }

  override dispatch(options: Dispatcher.DispatchOptions, handler: Dispatcher.DispatchHandler): boolean {
    return (delivering.getStore() ?? this.fallback).dispatch(options, handler);
  }
}

/** The connection pool deliveries go through: vetted addresses, keep-alive, time limits. */
export function createDeliveryDispatcher(egress: EgressOptions, timeoutMs = DELIVERY_TIMEOUT_MS): Dispatcher {
  if (!(getGlobalDispatcher() instanceof DeliveryAwareDispatcher))
    setGlobalDispatcher(new DeliveryAwareDispatcher(getGlobalDispatcher()));
  return createVettedDispatcher(egress, {
    headersTimeout: timeoutMs,
    bodyTimeout: timeoutMs,
    connectTimeout: timeoutMs,
    keepAliveTimeout: 30_000,
  });
}

/** Runs `deliver` with its fetch() requests sent through `dispatcher` (a createDeliveryDispatcher pool). */
export function whileDelivering<T>(dispatcher: Dispatcher, deliver: () => T): T {
  return delivering.run(dispatcher, deliver);
}
