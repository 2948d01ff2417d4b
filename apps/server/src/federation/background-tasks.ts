import type { AppContext } from '../context.js';
import { cacheRemoteAttachment, cacheRemoteProfileImages } from '../media/remote-cache.js';
import { fetchAncestors } from './outgoing/backfill.js';
import { runFederationIntent, type FederationIntent } from './outgoing/durable.js';

/**
 * Our own work on the federation queue, next to Fedify's deliveries and inbox processing: a remote reply's
 * missing ancestors, and copies of remote media, avatars and headers. A task that throws is retried by the
 * queue with backoff.
 */
export type BackgroundTask =
  | { type: 'palchat.ancestors'; statusId: string }
  | { type: 'palchat.cache-media'; mediaIds: string[] }
  | { type: 'palchat.cache-profile'; accountId: string }
  | FederationIntent;

const TASK_TYPES: ReadonlySet<unknown> = new Set<BackgroundTask['type']>([
  'palchat.ancestors',
  'palchat.cache-media',
  'palchat.cache-profile',
  'palchat.federate',
]);

export function isBackgroundTask(message: unknown): message is BackgroundTask {
  return TASK_TYPES.has((message as { type?: unknown } | null)?.type);
}

/** Copies each attachment; one that fails for a while does not stop the others (the retry skips copied ones). */
async function cacheAttachments(ctx: AppContext, mediaIds: readonly string[]): Promise<void> {
  let failure: { error: unknown } | null = null;
  for (const id of mediaIds) {
    try {
      await cacheRemoteAttachment(ctx, id);
    } catch (error) {
      failure = { error };
    }
  }
  if (failure) throw failure.error;
}

/** Runs a background task taken from the queue. */
export async function runBackgroundTask(ctx: AppContext, task: BackgroundTask): Promise<void> {
  switch (task.type) {
    case 'palchat.ancestors':
      return fetchAncestors(ctx, task.statusId);
    case 'palchat.cache-media':
      return cacheAttachments(ctx, task.mediaIds);
    case 'palchat.cache-profile':
      await cacheRemoteProfileImages(ctx, task.accountId);
      return;
    case 'palchat.federate':
      return runFederationIntent(ctx, task);
  }
}
