import type { AppContext } from '../context.js';
import { ApiError, unprocessable } from '../http/errors.js';
import type { FileFieldRule } from '../http/multipart.js';
import type { TempUpload } from '../http/temp-upload.js';
import { newId } from '../lib/ids.js';
import { decodeImage, inDecodingTurn, isImageTooLarge, readImageHeader } from '../media/images.js';
import { sniffMediaType } from '../media/sniff.js';
import { mediaStorageFor } from '../media/storage.js';
import { message } from '../i18n/format.js';

export const PROFILE_IMAGE_MAX_BYTES = 8 * 1024 * 1024;

/** Mastodon's sizes: a 400 px square avatar, a 1500×500 header, both cropped to fill. */
const SIZES = { avatar: { width: 400, height: 400 }, header: { width: 1500, height: 500 } } as const;
export type ProfileImageKind = keyof typeof SIZES;

const tooLarge = (kind: ProfileImageKind) =>
  new ApiError(413, kind === 'avatar' ? 'accounts.avatar_too_large' : 'accounts.header_too_large');

/** How update_credentials reads an avatar or a header while it streams in. */
export const profileImageRule = (kind: ProfileImageKind): FileFieldRule => ({
  limitOf: () => PROFILE_IMAGE_MAX_BYTES,
  tooLarge: () => tooLarge(kind),
});

/**
 * Resizes an uploaded avatar or header (any of the four image types, judged by content) to WebP and stores it
 * under `accounts/<kind>s/…` in the media store; returns the stored key for avatar_path / header_path. Remote
 * accounts' images are stored the same way once downloaded (with the remote size limit).
 */
export async function storeProfileImage(
  ctx: AppContext,
  accountId: string,
  kind: ProfileImageKind,
  upload: TempUpload,
  maxBytes = PROFILE_IMAGE_MAX_BYTES,
): Promise<string> {
  if (upload.size > maxBytes) throw tooLarge(kind);
  if (sniffMediaType(upload.head)?.type !== 'image')
    throw unprocessable(message('accounts.image_type', { field: kind }), 'invalid_image');
  let resized: Buffer;
  try {
    await readImageHeader(upload.path, { animated: false });
    resized = await inDecodingTurn(() =>
      decodeImage(upload.path, { animated: false })
        .rotate()
        .resize(SIZES[kind].width, SIZES[kind].height, { fit: 'cover' })
        .webp({ quality: 85 })
        .toBuffer(),
    );
  } catch (error) {
    if (isImageTooLarge(error)) throw error;
    throw unprocessable(message('accounts.image_unreadable', { field: kind }), 'invalid_image');
  }
  const key = `accounts/${kind}s/${accountId.slice(0, 6)}/${accountId}_${newId()}.webp`;
  await mediaStorageFor(ctx).put(key, resized, 'image/webp');
  return key;
}

/** Removes a replaced image; a store hiccup only leaves an orphan file behind. */
export async function removeProfileImage(ctx: AppContext, key: string | null): Promise<void> {
  if (key)
    await mediaStorageFor(ctx)
      .remove(key)
      .catch(() => undefined);
}
