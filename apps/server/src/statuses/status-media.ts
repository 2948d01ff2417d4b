import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx, Tx } from '../db/index.js';
import type { MediaAttachmentsTable } from '../db/schema.js';
import { unprocessable } from '../http/errors.js';
import { mediaColumns, type MediaColumns } from '../media/attributes.js';
import type { MediaAttributeInput } from './schema.js';

/** What an upload may already belong to and still be taken: the status being written, the scheduled status. */
interface MediaHolder {
  statusId?: string | undefined;
  scheduledStatusId?: string | undefined;
}

/**
 * Checks that `mediaIds` are the author's uploads that no status, message or scheduled status uses yet, or that
 * `holder` already uses. As on Mastodon, a video or an audio file must be the status's only attachment.
 */
async function checkUsableMedia(tx: Tx, author: AccountRow, mediaIds: string[], holder: MediaHolder) {
  const rows = mediaIds.length
    ? await tx
        .selectFrom('media_attachments')
        .select(['id', 'type', 'status_id', 'message_id', 'scheduled_status_id'])
        .where('id', 'in', mediaIds)
        .where('account_id', '=', author.id)
        .execute()
    : [];
  const usable = rows.filter(
    (row) =>
      row.message_id === null &&
      (row.status_id === null || row.status_id === holder.statusId) &&
      (row.scheduled_status_id === null || row.scheduled_status_id === holder.scheduledStatusId),
  );
  if (usable.length !== mediaIds.length) {
    throw unprocessable('statuses.media_unusable', 'media_unusable');
  }
  if (rows.length > 1 && rows.some((row) => row.type === 'video' || row.type === 'audio')) {
    throw unprocessable('statuses.media_alone', 'media_audio_video_alone');
  }
}

/**
 * Attaches `mediaIds` to the status in this order (see checkUsableMedia; a scheduled status being published
 * passes its id to hand its reserved uploads over). Attachments left out are released (their owner can use
 * them again).
 */
export async function claimMedia(
  tx: Tx,
  author: AccountRow,
  mediaIds: string[],
  statusId: string,
  scheduledStatusId?: string,
): Promise<void> {
  await checkUsableMedia(tx, author, mediaIds, { statusId, scheduledStatusId });
  await tx.deleteFrom('status_media').where('status_id', '=', statusId).execute();
  let released = tx
    .updateTable('media_attachments')
    .set({ status_id: null })
    .where('status_id', '=', statusId);
  if (mediaIds.length) released = released.where('id', 'not in', mediaIds);
  await released.execute();
  if (mediaIds.length === 0) return;
  await tx
    .updateTable('media_attachments')
    .set({ status_id: statusId, scheduled_status_id: null })
    .where('id', 'in', mediaIds)
    .execute();
  await tx
    .insertInto('status_media')
    .values(mediaIds.map((mediaId, position) => ({ status_id: statusId, media_id: mediaId, position })))
    .execute();
}

/** Reserves `mediaIds` for a scheduled status until it is published; uploads it no longer names are released. */
export async function reserveMedia(
  tx: Tx,
  author: AccountRow,
  mediaIds: string[],
  scheduledStatusId: string,
): Promise<void> {
  await checkUsableMedia(tx, author, mediaIds, { scheduledStatusId });
  let released = tx
    .updateTable('media_attachments')
    .set({ scheduled_status_id: null })
    .where('scheduled_status_id', '=', scheduledStatusId);
  if (mediaIds.length) released = released.where('id', 'not in', mediaIds);
  await released.execute();
  if (mediaIds.length === 0) return;
  await tx
    .updateTable('media_attachments')
    .set({ scheduled_status_id: scheduledStatusId })
    .where('id', 'in', mediaIds)
    .execute();
}

export interface MediaChange {
  id: string;
  columns: MediaColumns;
}

/**
 * Mastodon's media_attributes on a status edit, checked before anything is written: each names one of the
 * status's attachments after the edit (`mediaIds`), with a valid description and focus; 422 otherwise.
 */
export function checkMediaAttributes(
  attributes: readonly MediaAttributeInput[],
  mediaIds: string[],
): MediaChange[] {
  return attributes.map(({ id, ...change }) => {
    if (!mediaIds.includes(id)) {
      throw unprocessable('statuses.media_attributes', 'media_attributes');
    }
    return { id, columns: mediaColumns(change) };
  });
}

export async function applyMediaChanges(
  tx: Tx,
  statusId: string,
  changes: readonly MediaChange[],
): Promise<void> {
  for (const { id, columns } of changes) {
    if (Object.keys(columns).length === 0) continue;
    await tx
      .updateTable('media_attachments')
      .set(columns)
      .where('id', '=', id)
      .where('status_id', '=', statusId)
      .execute();
  }
}

/** The status's attachments in order with their descriptions now: what an edit history entry records. */
export async function mediaSnapshot(
  tx: DbOrTx,
  statusId: string,
): Promise<{ mediaIds: string[]; descriptions: (string | null)[] }> {
  const rows = await tx
    .selectFrom('status_media')
    .innerJoin('media_attachments', 'media_attachments.id', 'status_media.media_id')
    .select(['status_media.media_id', 'media_attachments.description'])
    .where('status_media.status_id', '=', statusId)
    .orderBy('status_media.position')
    .execute();
  return { mediaIds: rows.map((row) => row.media_id), descriptions: rows.map((row) => row.description) };
}

export type StoredFiles = Pick<MediaAttachmentsTable, 'file_path' | 'thumbnail_path'>;

/**
 * A deleted status's attachments: released to their owner for "delete and redraft", or with `deleteMedia`
 * (Mastodon's delete_media) their rows removed: the files of those are returned, to be removed once the
 * transaction has committed.
 */
export async function releaseStatusMedia(
  tx: Tx,
  statusId: string,
  deleteMedia: boolean,
): Promise<StoredFiles[]> {
  await tx.deleteFrom('status_media').where('status_id', '=', statusId).execute();
  if (!deleteMedia) {
    await tx
      .updateTable('media_attachments')
      .set({ status_id: null })
      .where('status_id', '=', statusId)
      .execute();
    return [];
  }
  const files = await tx
    .selectFrom('media_attachments')
    .select(['file_path', 'thumbnail_path'])
    .where('status_id', '=', statusId)
    .execute();
  await tx.deleteFrom('media_attachments').where('status_id', '=', statusId).execute();
  return files;
}
