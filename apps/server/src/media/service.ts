import { MessagingErrorCode, MessagingText, type MessageMedia } from '@palchat/api';
import sharp from 'sharp';
import type { AppContext } from '../context.js';
import type { MediaAttachmentsTable } from '../db/schema.js';
import { notFound, unprocessable } from '../http/errors.js';
import { IMAGE_SIZE_LIMIT, VIDEO_SIZE_LIMIT } from '../instance/limits.js';
import { isId, newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { mediaColumns, type MediaAttributesInput } from './attributes.js';
import { blurhashOfImage } from './blurhash.js';
import { serializeMedia } from './serializer.js';
import { sniffMediaType } from './sniff.js';
import { mediaStorageFor } from './storage.js';

export const THUMBNAIL_SIZE = 640;

const unsupported = () => unprocessable(MessagingText.unsupportedMedia, MessagingErrorCode.unsupportedMedia);

interface ImageFacts {
  width: number;
  height: number;
  thumbnail: Buffer;
  blurhash: string | null;
}

async function describeImage(data: Buffer): Promise<ImageFacts> {
  const image = sharp(data, { animated: false });
  const meta = await image.metadata();
  if (!meta.width || !meta.height) throw unsupported();
  const oriented =
    meta.orientation && meta.orientation >= 5 ? { width: meta.height, height: meta.width } : meta;
  const thumbnail = await sharp(data)
    .rotate()
    .resize(THUMBNAIL_SIZE, THUMBNAIL_SIZE, { fit: 'inside', withoutEnlargement: true })
    .webp({ quality: 80 })
    .toBuffer();
  const blurhash = await blurhashOfImage(data);
  return { width: oriented.width ?? meta.width, height: oriented.height ?? meta.height, thumbnail, blurhash };
}

export interface UploadInput extends MediaAttributesInput {
  data: Buffer;
}

/**
 * Stores an upload in the media store when its content (not its name) is one of the six allowed types;
 * images also get dimensions, a thumbnail of at most 640 px and a blurhash.
 */
export async function storeUpload(
  ctx: AppContext,
  accountId: string,
  input: UploadInput,
): Promise<MessageMedia> {
  const attributes = mediaColumns({ description: input.description ?? null, focus: input.focus ?? null });
  const sniffed = sniffMediaType(input.data);
  if (!sniffed) throw unsupported();
  // the limits the instance advertises (configuration.media_attachments.*_size_limit)
  if (input.data.length > (sniffed.type === 'image' ? IMAGE_SIZE_LIMIT : VIDEO_SIZE_LIMIT))
    throw unprocessable(MessagingText.fileTooLarge);
  let facts: ImageFacts | null = null;
  if (sniffed.type === 'image') {
    try {
      facts = await describeImage(input.data);
    } catch {
      throw unsupported();
    }
  }
  const id = newId();
  const folder = `media_attachments/${id.slice(0, 6)}/${id.slice(6, 12)}`;
  const filePath = `${folder}/${id}.${sniffed.extension}`;
  const thumbnailPath = facts ? `${folder}/${id}_small.webp` : null;
  const storage = mediaStorageFor(ctx);
  await storage.put(filePath, input.data, sniffed.contentType);
  if (facts && thumbnailPath) {
    try {
      await storage.put(thumbnailPath, facts.thumbnail, 'image/webp');
    } catch (error) {
      await storage.remove(filePath).catch(() => undefined);
      throw error;
    }
  }

  const row: MediaAttachmentsTable = {
    id,
    account_id: accountId,
    type: sniffed.type,
    file_path: filePath,
    thumbnail_path: thumbnailPath,
    content_type: sniffed.contentType,
    file_size: input.data.length,
    width: facts?.width ?? null,
    height: facts?.height ?? null,
    blurhash: facts?.blurhash ?? null,
    description: null,
    focus_x: null,
    focus_y: null,
    ...attributes,
    status_id: null,
    message_id: null,
    created_at: nowIso(),
  };
  try {
    await ctx.db.insertInto('media_attachments').values(row).execute();
  } catch (error) {
    await removeFiles(ctx, row);
    throw error;
  }
  return serializeMedia(ctx.config, row);
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
        .where('id', '=', id.padStart(18, '0'))
        .where('account_id', '=', accountId)
        .where('status_id', 'is', null)
        .where('message_id', 'is', null)
        .executeTakeFirst()
    : undefined;
  if (!row) throw notFound();
  return row;
}

/**
 * PUT /api/v1/media/:id: a new description or focal point for an upload not yet attached (an attached one
 * changes through its status's edit, which keeps the history).
 */
export async function updateUpload(
  ctx: AppContext,
  accountId: string,
  id: string,
  input: MediaAttributesInput,
): Promise<MessageMedia> {
  const row = await findUnattachedUpload(ctx, accountId, id);
  const columns = mediaColumns(input);
  if (Object.keys(columns).length === 0) return serializeMedia(ctx.config, row);
  const updated = await ctx.db
    .updateTable('media_attachments')
    .set(columns)
    .where('id', '=', row.id)
    .where('status_id', 'is', null)
    .where('message_id', 'is', null)
    .executeTakeFirst();
  // attached meanwhile: it is no longer changed here
  if (Number(updated.numUpdatedRows) === 0) throw notFound();
  return serializeMedia(ctx.config, { ...row, ...columns });
}
