import type { AppContext } from '../context.js';
import type { AccountsTable, StatusesTable } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import type { BackgroundTask } from './background-tasks.js';
import { runtimeOf } from './runtime.js';

/**
 * Asking for copies of remote media: when remote content arrives (ingest), and again when a status is opened and
 * has no copy (never copied, failed a day ago, or pruned by `media remove`). Each row is claimed with its "requested at"
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

/** Whether a remote account's avatar or header would be copied by a request now. */
export const profileNeedsCopy = (row: AccountsTable): boolean =>
  Boolean(row.domain) &&
  Boolean((row.avatar_remote_url && !row.avatar_path) || (row.header_remote_url && !row.header_path)) &&
  askedLongAgo(row.images_cache_requested_at);

/** Runs `work` once the caller went on; failures are logged (the app waits for it on close). */
function inBackground(ctx: AppContext, work: () => Promise<void>): void {
  const runtime = runtimeOf(ctx);
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

/** Claims the media rows among `mediaIds` that need a copy and enqueues their downloads. */
async function claimMediaCopies(ctx: AppContext, mediaIds: readonly string[]): Promise<void> {
  if (mediaIds.length === 0) return;
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
    await runtimeOf(ctx)?.queue.enqueue({
      type: 'palchat.cache-media',
      mediaIds: batch,
    } satisfies BackgroundTask);
  }
}

/** Asks for copies of these media rows (those that need one are claimed; others are left alone). */
export function requestMediaCopies(ctx: AppContext, mediaIds: readonly string[]): void {
  if (mediaIds.length === 0) return;
  inBackground(ctx, () => claimMediaCopies(ctx, mediaIds));
}

/** Claims the remote accounts among `accountIds` due for copies of their images and enqueues the downloads. */
async function claimProfileCopies(
  ctx: AppContext,
  accountIds: readonly string[],
  onlyWithoutCopies = false,
): Promise<void> {
  if (accountIds.length === 0) return;
  const claimed = await ctx.db
    .updateTable('accounts')
    .set({ images_cache_requested_at: nowIso() })
    .where('id', 'in', [...accountIds])
    .where('domain', 'is not', null)
    .where((eb) =>
      eb.or([eb('images_cache_requested_at', 'is', null), eb('images_cache_requested_at', '<', cutoff())]),
    )
    .$if(onlyWithoutCopies, (query) =>
      query.where((eb) =>
        eb.or([
          eb.and([eb('avatar_remote_url', 'is not', null), eb('avatar_path', 'is', null)]),
          eb.and([eb('header_remote_url', 'is not', null), eb('header_path', 'is', null)]),
        ]),
      ),
    )
    .returning('id')
    .execute();
  for (const { id } of claimed) {
    await runtimeOf(ctx)?.queue.enqueue({
      type: 'palchat.cache-profile',
      accountId: id,
    } satisfies BackgroundTask);
  }
}

/** Asks for copies of these remote accounts' avatars and headers. */
export function requestProfileCopies(ctx: AppContext, accountIds: readonly string[]): void {
  if (accountIds.length === 0) return;
  inBackground(ctx, () => claimProfileCopies(ctx, accountIds));
}

/**
 * Asks again for the copies these statuses lack: their remote media (a boost's are its original's) and their
 * authors' avatars and headers, never copied, failed a while ago, or pruned by `media remove`. Called when a status
 * is opened (FederationPort), never while statuses are read or serialized.
 */
export function requestMissingCopies(ctx: AppContext, statuses: readonly StatusesTable[]): void {
  if (statuses.length === 0) return;
  const statusIds = [
    ...new Set(statuses.flatMap((row) => [row.id, ...(row.reblog_of_id ? [row.reblog_of_id] : [])])),
  ];
  const authorIds = [...new Set(statuses.map((row) => row.account_id))];
  inBackground(ctx, async () => {
    const media = await ctx.db
      .selectFrom('status_media')
      .innerJoin('media_attachments', 'media_attachments.id', 'status_media.media_id')
      .select('media_attachments.id')
      .where('status_media.status_id', 'in', statusIds)
      .where('media_attachments.remote_url', 'is not', null)
      .where('media_attachments.file_path', 'is', null)
      .execute();
    await claimMediaCopies(
      ctx,
      media.map((row) => row.id),
    );
    await claimProfileCopies(ctx, authorIds, true);
  });
}
