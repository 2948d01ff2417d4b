import { pino } from 'pino';
import { loadConfig } from '../config.js';
import { createEventBus, openDatabase } from '../server.js';
import type { AppContext } from '../context.js';
import { subscribeDomainHandlers } from '../domain-subscribers.js';
import { DomainEvents } from '../events/domain-events.js';
import { createFederationRuntime, startQueueWorkers } from './index.js';
import { routeFedifyLogs } from './logging.js';
import { installFederationPort } from './port.js';

/**
 * `npm run worker`: a process that only consumes the federation queue (deliveries, inbox processing), for
 * deployments that run the server with FEDERATION_WORKERS=0 or want more consumers. It shares the database
 * (and Redis, for streaming events) with the servers; FEDERATION_WORKERS consumers, at least one.
 */
const config = loadConfig();
if (!config.federation.enabled) {
  console.error(
    config.federation.disabledReason ?? 'Federation is off (FEDERATION=off): there is nothing to deliver.',
  );
  process.exit(1);
}
const { db, close: closeDatabase } = await openDatabase(config);
const bus = await createEventBus(config);
const ctx: AppContext = { config, db, bus };
// the same JSON lines as the server's log, with Fedify's own logs in them
const log = pino({ level: config.logLevel });
routeFedifyLogs(log, config.federationLogLevel);
const runtime = createFederationRuntime(ctx, log);
installFederationPort(ctx, runtime);
// inbound statuses reach feeds, streams and notifications as in the server
ctx.events = new DomainEvents((error, event) =>
  log.warn({ err: error }, `a ${event.type} subscriber failed`),
);
subscribeDomainHandlers(ctx.events);
const stop = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, () => stop.abort());
const count = Math.max(1, config.federation.workers);
log.info(`Federation worker: ${count} queue consumer(s) on ${config.publicUrl}`);
await startQueueWorkers(runtime, ctx, count, stop.signal);
await bus.close();
await closeDatabase();
