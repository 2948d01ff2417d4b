import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { runPeriodically } from '../lib/periodic.js';
import { installFederationBridge } from './bridge.js';
import { registerHostMeta } from './host-meta.js';
import { registerFeaturedCollections } from './featured-collections.js';
import { chatPeersOf } from './chat/peers.js';
import { registerKeyPackageDocuments } from './e2ee/documents.js';
import { createFederationRuntime, startQueueWorkers } from './index.js';
import { installFederationPort } from './port.js';
import { runtimeOf } from './runtime.js';

const KV_SWEEP_MS = 60 * 60_000;

/**
 * Federation in the app when it is on: the port on `ctx.federation` over Fedify's runtime, the bridge, host-meta, and
 * FEDERATION_WORKERS queue consumers while the app is up. When it is off nothing is installed: no
 * ActivityPub route exists and the `/.well-known/` documents answer 404.
 */
export function installFederation(app: FastifyInstance, ctx: AppContext): void {
  const { federation: settings } = ctx.config;
  if (!settings.enabled) {
    if (settings.disabledReason) app.log.info(settings.disabledReason);
    return;
  }
  let runtime = runtimeOf(ctx);
  if (!runtime) {
    runtime = createFederationRuntime(ctx, app.log);
    installFederationPort(ctx, runtime);
  }
  ctx.chatPeers ??= chatPeersOf(ctx);
  installFederationBridge(app, ctx, runtime);
  registerHostMeta(app, ctx);
  registerFeaturedCollections(app, ctx);
  registerKeyPackageDocuments(app, ctx);
  runPeriodically(app, 'federation cache sweep', KV_SWEEP_MS, () => runtime.kv.sweepExpired());
  app.addHook('onClose', async () => {
    await Promise.all(runtime.sending);
  });
  if (settings.workers === 0) return;
  const stop = new AbortController();
  let workers: Promise<void> | null = null;
  app.addHook('onReady', async () => {
    workers = startQueueWorkers(runtime, ctx, settings.workers, stop.signal);
  });
  app.addHook('onClose', async () => {
    stop.abort();
    await workers;
  });
}
