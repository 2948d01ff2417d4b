import type { AppContext } from '../context.js';
import type { MediaAttachmentsTable } from '../db/schema.js';
import { ApiError } from '../http/errors.js';
import { discardUpload, type TempUpload } from '../http/temp-upload.js';
import { removeProfileImage, storeProfileImage, type ProfileImageKind } from '../accounts/profile-images.js';
import { rejectsMediaFrom } from '../moderation/domain-blocks.js';
import { downloadRemoteFile, NotCacheable } from './remote-download.js';
import { describeUpload, putMediaFiles, removeFiles } from './service.js';
import { sniffMediaType } from './sniff.js';
import { findAccountById, setCachedProfileImage } from '../accounts/store.js';

/**
 * Copies of other servers' media in our media store (Mastodon downloads remote attachments, avatars and
 * headers): run from the federation queue, never in a request. Once a copy is stored, the API serves it like
 * a local file (`url`, `preview_url`; `remote_url` keeps the original); until then, or when it cannot be
 * copied, the API points at the remote file. Nothing is copied from a server whose media the admin rejects.
 */

/** Outcome of one copy, for the queue's log and the tests. */
export type CacheOutcome = 'cached' | 'skipped' | 'refused';

async function ownerDomain(ctx: AppContext, accountId: string): Promise<string | null> {
  const account = await findAccountById(ctx.db, accountId);
  return account?.domain ?? null;
}

/** A file refused for good (NotCacheable, an unreadable image) is 'refused'; other errors go to the queue. */
async function refusedOn<T>(work: () => Promise<T>): Promise<T | 'refused'> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof NotCacheable || error instanceof ApiError) return 'refused';
    throw error;
  }
}

/**
 * Downloads a remote attachment and stores it like an upload: the file, and for images a preview of at most
 * 640 px, their dimensions and a blurhash where the sender gave none; videos and audio their size and length.
 */
export async function cacheRemoteAttachment(ctx: AppContext, mediaId: string): Promise<CacheOutcome> {
  const row = await ctx.db
    .selectFrom('media_attachments')
    .selectAll()
    .where('id', '=', mediaId)
    .executeTakeFirst();
  if (!row?.remote_url || row.file_path || row.type === 'unknown') return 'skipped';
  if (await rejectsMediaFrom(ctx.db, await ownerDomain(ctx, row.account_id))) return 'skipped';
  const { imageBytes, videoBytes } = ctx.config.remoteMedia;
  const limitOf = (head: Buffer) => {
    const sniffed = sniffMediaType(head);
    if (!sniffed) throw new NotCacheable(`${row.remote_url} is not a media type this server stores`);
    return sniffed.type === 'image' ? imageBytes : videoBytes;
  };
  const result = await refusedOn(async () => {
    const file = await downloadRemoteFile(ctx, row.remote_url!, limitOf);
    try {
      return await storeCopy(ctx, row, file);
    } finally {
      await discardUpload(file);
    }
  });
  return result === 'refused' ? 'refused' : result;
}

async function storeCopy(
  ctx: AppContext,
  row: MediaAttachmentsTable,
  file: TempUpload,
): Promise<CacheOutcome> {
  const detected = sniffMediaType(file.head);
  if (!detected) throw new NotCacheable(`${row.remote_url} is not a media type this server stores`);
  const { sniffed, size, duration, preview } = await describeUpload(detected, file.path);
  const stored = await putMediaFiles(ctx, row.id, file.path, sniffed, preview);
  const copied = {
    file_path: stored.filePath,
    thumbnail_path: stored.thumbnailPath,
  };
  const result = await ctx.db
    .updateTable('media_attachments')
    .set({
      ...copied,
      type: sniffed.type,
      content_type: sniffed.contentType,
      file_size: file.size,
      width: size?.width ?? row.width,
      height: size?.height ?? row.height,
      duration: duration ?? row.duration,
      blurhash: row.blurhash ?? preview?.blurhash ?? null,
      preview_width: preview?.width ?? null,
      preview_height: preview?.height ?? null,
    })
    .where('id', '=', row.id)
    .where('file_path', 'is', null)
    .executeTakeFirst();
  // the row went (its status was deleted) or another consumer cached it meanwhile
  if (Number(result.numUpdatedRows) === 0) {
    await removeFiles(ctx, copied);
    return 'skipped';
  }
  return 'cached';
}

const PROFILE_IMAGES: readonly {
  kind: ProfileImageKind;
  path: 'avatar_path' | 'header_path';
  remote: 'avatar_remote_url' | 'header_remote_url';
}[] = [
  { kind: 'avatar', path: 'avatar_path', remote: 'avatar_remote_url' },
  { kind: 'header', path: 'header_path', remote: 'header_remote_url' },
];

/**
 * Downloads a remote account's avatar and header (those not stored yet) and stores them as local ones are: a
 * 400 px square avatar and a 1500×500 header in WebP. The image is kept only while the account still names
 * the same remote URL (an Update may have changed it meanwhile).
 */
export async function cacheRemoteProfileImages(
  ctx: AppContext,
  accountId: string,
): Promise<Record<ProfileImageKind, CacheOutcome>> {
  const outcome: Record<ProfileImageKind, CacheOutcome> = { avatar: 'skipped', header: 'skipped' };
  const account = await findAccountById(ctx.db, accountId);
  if (!account?.domain || (await rejectsMediaFrom(ctx.db, account.domain))) return outcome;
  const limit = ctx.config.remoteMedia.profileImageBytes;
  const imageOnly = (head: Buffer) => {
    if (sniffMediaType(head)?.type !== 'image') throw new NotCacheable('a profile image must be an image');
    return limit;
  };
  for (const { kind, path, remote } of PROFILE_IMAGES) {
    const url = account[remote];
    if (!url || account[path]) continue;
    const key = await refusedOn(async () => {
      const file = await downloadRemoteFile(ctx, url, imageOnly);
      try {
        return await storeProfileImage(ctx, account.id, kind, file, limit);
      } finally {
        await discardUpload(file);
      }
    });
    if (key === 'refused') {
      outcome[kind] = 'refused';
      continue;
    }
    if (!(await setCachedProfileImage(ctx.db, account.id, { path, remote }, url, key)))
      await removeProfileImage(ctx, key);
    else outcome[kind] = 'cached';
  }
  return outcome;
}
