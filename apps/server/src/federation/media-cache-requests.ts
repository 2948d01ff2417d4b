import type { AppContext } from '../context.js';
import type { AccountsTable, MediaAttachmentsTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import type { BackgroundTask } from './background-tasks.js';

/**
 * Asking for copies of remote media: when remote content arrives, and again when it is shown and has no copy
 * (never copied, failed a day ago, or pruned by `media remove`). Each row is claimed with its "requested at"
 * time, so that a post shown to many people, or by several processes, is downloaded once; the download itself
 * runs from the federation queue. The claim and the enqueueing run after the caller goes on, never in its
 * request or transaction.
 */

/** A copy that failed, or was never made, is asked for again after this long. */
const ASK_AGAIN_AFTER_MS = 24 * 60 * 60 * 1000;
/** Attachments downloaded by one queue message (a post carries at most 4; a page of posts, more). */
const MEDIA_PER_TASK = 4;

const askedLongAgo = (requestedAt: string | null | undefined): boolean =>
  !requestedAt || Date.parse(requestedAt) < Date.now() - ASK_AGAIN_AFTER_MS;

const cutoff = () => new Date(Date.now() - ASK_AGAIN_AFTER_MS).toISOString();

/** Whether a media row would be copied by a request now (remote, no copy, not asked for lately). */
export const mediaNeedsCopy = (row: MediaAttachmentsTable): boolean =>
  Boolean(row.remote_url) &&
  !row.file_path &&
  row.type !== 'unknown' &&
  askedLongAgo(row.remote_cache_requested_at);

/** Whether a remote account's avatar or header would be copied by a request now. */
export const profileNeedsCopy = (row: AccountsTable): boolean =>
  Boolean(row.domain) &&
  Boolean((row.avatar_remote_url && !row.avatar_path) || (row.header_remote_url && !row.header_path)) &&
  askedLongAgo(row.images_cache_requested_at);

/** Runs `work` once the caller went on; failures are logged (the app waits for it on close). */
function inBackground(ctx: AppContext, work: () => Promise<void>): void {
  const runtime = ctx.federation;
  if (!runtime) return;
  const running = (async () => {
    await Promise.resolve();
    try {
      await work();
    } catch (error) {
      runtime.log?.warn({ err: error }, 'federation: could not ask for copies of remote media');
    }
  })();
  runtime.sending.add(running);
  void running.finally(() => runtime.sending.delete(running));
}

/** Asks for copies of these media rows (those that need one are claimed; others are left alone). */
export function requestMediaCopies(ctx: AppContext, mediaIds: readonly string[]): void {
  if (mediaIds.length === 0) return;
  inBackground(ctx, async () => {
    const claimed = await ctx.db
      .updateTable('media_attachments')
      .set({ remote_cache_requested_at: nowIso() })
      .where('id', 'in', [...mediaIds])
      .where('remote_url', 'is not', null)
      .where('file_path', 'is', null)
      .where('type', '!=', 'unknown')
      .where((eb) =>
        eb.or([eb('remote_cache_requested_at', 'is', null), eb('remote_cache_requested_at', '<', cutoff())]),
      )
      .returning('id')
      .execute();
    for (let start = 0; start < claimed.length; start += MEDIA_PER_TASK) {
      const batch = claimed.slice(start, start + MEDIA_PER_TASK).map((row) => row.id);
      await ctx.federation?.queue.enqueue({
        type: 'palchat.cache-media',
        mediaIds: batch,
      } satisfies BackgroundTask);
    }
  });
}

/** Asks for copies of these remote accounts' avatars and headers. */
export function requestProfileCopies(ctx: AppContext, accountIds: readonly string[]): void {
  if (accountIds.length === 0) return;
  inBackground(ctx, async () => {
    const claimed = await ctx.db
      .updateTable('accounts')
      .set({ images_cache_requested_at: nowIso() })
      .where('id', 'in', [...accountIds])
      .where('domain', 'is not', null)
      .where((eb) =>
        eb.or([eb('images_cache_requested_at', 'is', null), eb('images_cache_requested_at', '<', cutoff())]),
      )
      .returning('id')
      .execute();
    for (const { id } of claimed) {
      await ctx.federation?.queue.enqueue({
        type: 'palchat.cache-profile',
        accountId: id,
      } satisfies BackgroundTask);
    }
  });
}
