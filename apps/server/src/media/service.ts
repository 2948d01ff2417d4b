import { MessagingErrorCode, type MessageMedia } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { MediaAttachmentsTable } from '../db/schema.js';
import { ApiError, notFound, unprocessable } from '../http/errors.js';
import type { TempUpload } from '../http/temp-upload.js';
import { IMAGE_SIZE_LIMIT, VIDEO_SIZE_LIMIT } from '../instance/limits.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { mediaColumns, type MediaAttributesInput } from './attributes.js';
import { blurhashOfImage } from './blurhash.js';
import { serializeMedia } from './serializer.js';
import { decodeImage, inDecodingTurn, isImageTooLarge, readImageHeader } from './images.js';
import { probeMedia, sampleFile } from './probe.js';
import { sniffMediaType, type SniffedType } from './sniff.js';
import { mediaStorageFor } from './storage.js';

export const THUMBNAIL_SIZE = 640;

const unsupported = () => unprocessable('messaging.unsupported_media', MessagingErrorCode.unsupportedMedia);
const tooLarge = () => new ApiError(413, 'messaging.file_too_large');

/**
 * The largest upload accepted for a file starting with `head`: the limits the instance advertises
 * (configuration.media_attachments.*_size_limit; audio has the video one). Other content is refused at once.
 */
function uploadLimitOf(head: Buffer): number {
  const sniffed = sniffMediaType(head);
  if (!sniffed) throw unsupported();
  return sniffed.type === 'image' ? IMAGE_SIZE_LIMIT : VIDEO_SIZE_LIMIT;
}

/** How the upload routes read `file` and `thumbnail` (an image) while they stream in. */
export const uploadRules = {
  file: { limitOf: uploadLimitOf, tooLarge },
  thumbnail: { limitOf: () => IMAGE_SIZE_LIMIT, tooLarge },
};

/** The preview stored next to a file: a WebP of at most 640 px, its size and its blurhash. */
export interface Preview {
  data: Buffer;
  width: number;
  height: number;
  blurhash: string | null;
}

interface ImageFacts {
  width: number;
  height: number;
  /** seconds of one loop of an animated image (GIF, WebP), else null */
  duration: number | null;
  preview: Preview;
}

async function previewOf(file: string): Promise<Preview> {
  const { data: webp, info } = await decodeImage(file)
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer({ resolveWithObject: true });
  return { data: webp, width: info.width, height: info.height, blurhash: await blurhashOfImage(webp) };
}

/** Browsers show a frame delay of 10 ms or less as 100 ms; so does this count. */
const loopSeconds = (delays: readonly number[]): number =>
  Math.round(delays.reduce((total, delay) => total + (delay <= 10 ? 100 : delay), 0)) / 1000;

async function describeImage(file: string): Promise<ImageFacts> {
  const meta = await readImageHeader(file, { animated: false });
  if (!meta.width || !meta.height) throw unsupported();
  const oriented =
    meta.orientation && meta.orientation >= 5 ? { width: meta.height, height: meta.width } : meta;
  const animated = (meta.pages ?? 1) > 1;
  return {
    width: oriented.width ?? meta.width,
    height: oriented.height ?? meta.height,
    duration: animated ? loopSeconds(meta.delay ?? []) || null : null,
    preview: await previewOf(file),
  };
}

/**
 * A thumbnail the client sent (Mastodon's `thumbnail`, a video's poster or an audio file's art): an image of
 * an allowed type within the image size limit, 422 otherwise; stored as a preview like an image's own.
 */
async function describeThumbnail(upload: TempUpload): Promise<Preview> {
  const sniffed = sniffMediaType(upload.head);
  if (!sniffed || sniffed.type !== 'image') throw unsupported();
  if (upload.size > IMAGE_SIZE_LIMIT) throw tooLarge();
  try {
    await readImageHeader(upload.path);
    return await inDecodingTurn(() => previewOf(upload.path));
  } catch (error) {
    if (isImageTooLarge(error)) throw error;
    throw unsupported();
  }
}

export interface UploadFacts {
  /** the type, once the content is read (an MP4 holding sound only is audio) */
  sniffed: SniffedType;
  size: { width: number; height: number } | null;
  duration: number | null;
  preview: Preview | null;
}

/**
 * What a file of the sniffed type holds: dimensions, length and a preview with its blurhash (images), 422 when
 * an image cannot be read.
 */
export async function describeUpload(sniffed: SniffedType, file: string): Promise<UploadFacts> {
  if (sniffed.type === 'image') {
    try {
      const image = await inDecodingTurn(() => describeImage(file));
      const size = { width: image.width, height: image.height };
      return { sniffed, size, duration: image.duration, preview: image.preview };
    } catch (error) {
      if (isImageTooLarge(error)) throw error;
      throw unsupported();
    }
  }
  const facts = probeMedia(sniffed.contentType, await sampleFile(sniffed.contentType, file));
  // an M4A under another brand
  const type: SniffedType =
    sniffed.contentType === 'video/mp4' && facts.hasVideo === false && facts.hasAudio
      ? { contentType: 'audio/mp4', type: 'audio', extension: 'm4a' }
      : sniffed;
  const size =
    type.type === 'video' && facts.width && facts.height
      ? { width: facts.width, height: facts.height }
      : null;
  return { sniffed: type, size, duration: facts.duration ?? null, preview: null };
}

export interface UploadInput extends MediaAttributesInput {
  /** the uploaded file, saved under the upload rules (the caller removes it afterwards) */
  file: TempUpload;
  /** the client's preview image (optional) */
  thumbnail?: TempUpload | null | undefined;
}

const folderOf = (id: string): string => `media_attachments/${id.slice(0, 6)}/${id.slice(6, 12)}`;

/**
 * Stores an upload in the media store when its content (not its name) is one of the allowed types. Images
 * get dimensions, a thumbnail of at most 640 px and a blurhash (and the length of a loop when animated);
 * videos and audio files the size and length their headers tell, and the client's thumbnail, if sent, as
 * preview and blurhash.
 */
export async function storeUpload(
  ctx: AppContext,
  accountId: string,
  input: UploadInput,
): Promise<MessageMedia> {
  const attributes = mediaColumns({ description: input.description ?? null, focus: input.focus ?? null });
  const detected = sniffMediaType(input.file.head);
  if (!detected) throw unsupported();
  if (input.file.size > uploadLimitOf(input.file.head)) throw tooLarge();
  const { sniffed, size, duration, preview: ownPreview } = await describeUpload(detected, input.file.path);
  const preview = input.thumbnail ? await describeThumbnail(input.thumbnail) : ownPreview;

  const id = newId();
  const { filePath, thumbnailPath } = await putMediaFiles(ctx, id, input.file.path, sniffed, preview);

  const row: MediaAttachmentsTable = {
    id,
    account_id: accountId,
    type: sniffed.type,
    file_path: filePath,
    thumbnail_path: thumbnailPath,
    content_type: sniffed.contentType,
    file_size: input.file.size,
    width: size?.width ?? null,
    height: size?.height ?? null,
    blurhash: preview?.blurhash ?? null,
    description: null,
    focus_x: null,
    focus_y: null,
    ...attributes,
    status_id: null,
    message_id: null,
    scheduled_status_id: null,
    created_at: nowIso(),
    duration,
    preview_width: preview?.width ?? null,
    preview_height: preview?.height ?? null,
  };
  try {
    await ctx.db.insertInto('media_attachments').values(row).execute();
  } catch (error) {
    await removeFiles(ctx, row);
    throw error;
  }
  return serializeMedia(ctx.config, row);
}

/**
 * Puts a media file (and its preview) into the media store under the media row `id`'s folder; both are gone
 * again when this throws.
 */
export async function putMediaFiles(
  ctx: AppContext,
  id: string,
  sourcePath: string,
  sniffed: SniffedType,
  preview: Preview | null,
): Promise<{ filePath: string; thumbnailPath: string | null }> {
  const folder = folderOf(id);
  const filePath = `${folder}/${id}.${sniffed.extension}`;
  const thumbnailPath = preview ? `${folder}/${id}_small.webp` : null;
  const storage = mediaStorageFor(ctx);
  await storage.putFile(filePath, sourcePath, sniffed.contentType);
  if (preview && thumbnailPath) {
    try {
      await storage.put(thumbnailPath, preview.data, 'image/webp');
    } catch (error) {
      await storage.remove(filePath).catch(() => undefined);
      throw error;
    }
  }
  return { filePath, thumbnailPath };
}

export async function removeFiles(
  ctx: AppContext,
  row: Pick<MediaAttachmentsTable, 'file_path' | 'thumbnail_path'>,
): Promise<void> {
  const storage = mediaStorageFor(ctx);
  for (const stored of [row.file_path, row.thumbnail_path]) {
    if (stored) await storage.remove(stored);
  }
}

/** The account's upload that no status or message uses yet (only those are read or changed on their own), or 404. */
export async function findUnattachedUpload(
  ctx: AppContext,
  accountId: string,
  id: string,
): Promise<MediaAttachmentsTable> {
  const row = isId(id)
    ? await ctx.db
        .selectFrom('media_attachments')
        .selectAll()
        .where('id', '=', storedId(id))
        .where('account_id', '=', accountId)
        .where('status_id', 'is', null)
        .where('message_id', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

export interface UpdateInput extends MediaAttributesInput {
  /** a new preview image (Mastodon's `thumbnail`) */
  thumbnail?: TempUpload | null | undefined;
}

/**
 * PUT /api/v1/media/:id: a new description, focal point or thumbnail for an upload not yet attached (an
 * attached one changes through its status's edit, which keeps the history). A new thumbnail gets a new file
 * name, so that no cache keeps showing the old one; the old file goes once the row has changed.
 */
export async function updateUpload(
  ctx: AppContext,
  accountId: string,
  id: string,
  input: UpdateInput,
): Promise<MessageMedia> {
  const row = await findUnattachedUpload(ctx, accountId, id);
  const columns: Partial<MediaAttachmentsTable> = mediaColumns(input);
  const preview = input.thumbnail ? await describeThumbnail(input.thumbnail) : null;
  if (Object.keys(columns).length === 0 && !preview) return serializeMedia(ctx.config, row);
  const storage = mediaStorageFor(ctx);
  if (preview) {
    columns.thumbnail_path = `${folderOf(row.id)}/${row.id}_small_${newId()}.webp`;
    columns.blurhash = preview.blurhash;
    columns.preview_width = preview.width;
    columns.preview_height = preview.height;
    await storage.put(columns.thumbnail_path, preview.data, 'image/webp');
  }
  const dropNew = async () => {
    if (columns.thumbnail_path) await storage.remove(columns.thumbnail_path).catch(() => undefined);
  };
  let updated;
  try {
    updated = await ctx.db
      .updateTable('media_attachments')
      .set(columns)
      .where('id', '=', row.id)
      .where('status_id', 'is', null)
      .where('message_id', 'is', null)
      .executeTakeFirst();
  } catch (error) {
    await dropNew();
    throw error;
  }
  // attached meanwhile: it is no longer changed here
  if (Number(updated.numUpdatedRows) === 0) {
    await dropNew();
    throw notFound();
  }
  if (preview && row.thumbnail_path) await storage.remove(row.thumbnail_path).catch(() => undefined);
  return serializeMedia(ctx.config, { ...row, ...columns });
}
