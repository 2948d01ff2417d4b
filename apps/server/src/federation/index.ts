import { createExponentialBackoffPolicy, createFederation } from '@fedify/fedify';
import type { AppContext } from '../context.js';
import { INSTANCE_ACTOR, registerActors } from './actors.js';
import { registerCollections } from './collections.js';
import { ActorKeyStore } from './keys.js';
import { KyselyKvStore } from './kv-store.js';
import { deliveryHostOf, KyselyMessageQueue } from './message-queue.js';
import { createDeliveryDispatcher, whileDelivering } from './delivery-dispatcher.js';
import { SIGNATURE_TIME_WINDOW, type FederationLogger, type FederationRuntime } from './runtime.js';
import { registerInboxListeners } from './inbox/index.js';
import { registerObjects } from './objects.js';
import { isBackgroundTask, runBackgroundTask } from './background-tasks.js';
import { deliveryCircuitBreaker, deliveryRetry, markActorsGone } from './outgoing/availability.js';
import { federationEgress, federationLoaderFactories } from './document-loader.js';
import { databaseOutage, isDatabaseUnavailable } from '../db/unavailable.js';

/**
 * Fedify on our database: its key–value store and durable queue in tables (0012), key pairs per actor, every
 * dispatcher (actors, WebFinger, collections, notes) and the inbox paths (NodeInfo is a plain route, served
 * with federation off too: nodeinfo.ts). The queue is started by
 * `startQueueWorkers` (manuallyStartQueue), in the server process or in `npm run worker`.
 */
export function createFederationRuntime(
  ctx: Pick<AppContext, 'config' | 'db'>,
  log?: FederationLogger,
): FederationRuntime {
  const { config } = ctx;
  const kv = new KyselyKvStore(ctx.db);
  const queue = new KyselyMessageQueue(ctx.db, {
    concurrency: config.federation.queueConcurrency,
    hostConcurrency: config.federation.hostConcurrency,
    // a lost database is logged once per outage (db/unavailable.ts), not once per poll
    onError: (error) =>
      isDatabaseUnavailable(error)
        ? databaseOutage.failed(error)
        : log?.warn({ err: error }, 'federation queue: a message failed'),
  });
  const keys = new ActorKeyStore(ctx.db);
  const federation = createFederation<AppContext>({
    kv,
    queue,
    manuallyStartQueue: true,
    origin: config.publicUrl,
    // actors, objects and keys are fetched by our loaders (vetted addresses, size and time limits, only the
    // preloaded JSON-LD contexts); they apply the private-address policy and User-Agent themselves
    ...federationLoaderFactories(federationEgress(config), kv),
    signatureTimeWindow: SIGNATURE_TIME_WINDOW,
    // Mastodon and most servers verify draft-cavage signatures; RFC 9421 is tried when they refuse one
    firstKnock: 'draft-cavage-http-signatures-12',
    // our router already rewrites /path/ to /path (http/trailing-slash.ts); Fedify sees requests as they came
    trailingSlashInsensitive: true,
    outboxRetryPolicy: createExponentialBackoffPolicy(deliveryRetry(config.federation.firstRetrySeconds)),
    // a server that keeps failing is held and probed rather than hammered (and marked unavailable)
    circuitBreaker: deliveryCircuitBreaker(
      ctx.db,
      (error) => log?.warn({ err: error }, 'federation: could not record a server state'),
      config.federation.circuitRecoverySeconds,
    ),
    onOutboxError: (error) => log?.warn({ err: error }, 'federation: a delivery failed'),
  });
  // 410 Gone (and 404) end delivery at once; a Gone actor gets nothing more
  federation.setOutboxPermanentFailureHandler(async (_context, failure) => {
    if (failure.reason === 'http' && failure.statusCode === 410)
      await markActorsGone(ctx.db, failure.actorIds);
  });
  registerActors(federation, keys);
  registerCollections(federation);
  registerObjects(federation);
  const inbox = federation
    .setInboxListeners('/users/{identifier}/inbox', '/inbox')
    // fetches made while handling the shared inbox are signed as the instance actor (AUTHORIZED_FETCH peers)
    .setSharedKeyDispatcher(() => ({ identifier: INSTANCE_ACTOR }))
    .onError((_context, error) => log?.warn({ err: error }, 'federation inbox: an activity failed'));
  registerInboxListeners(inbox);
  const deliveries = createDeliveryDispatcher(federationEgress(config));
  return { federation, keys, kv, queue, deliveries, log, sending: new Set() };
}

/**
 * Starts `count` queue consumers handing messages to Fedify (deliveries, inbox processing) until `signal`
 * aborts; resolves when they all stopped. Consumers in several processes share the one table.
 */
export async function startQueueWorkers(
  runtime: FederationRuntime,
  ctx: AppContext,
  count: number,
  signal: AbortSignal,
): Promise<void> {
  const handle = (message: unknown) => {
    // our own background fetches share the queue with Fedify's deliveries and inbox work
    if (isBackgroundTask(message)) return runBackgroundTask(ctx, message);
    const process = () => runtime.federation.processQueuedTask(ctx, message as never);
    return deliveryHostOf(message) ? whileDelivering(runtime.deliveries, process) : process();
  };
  const consumers = Array.from({ length: count }, () => runtime.queue.listen(handle, { signal }));
  await Promise.all(consumers);
}
