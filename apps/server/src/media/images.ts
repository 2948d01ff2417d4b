import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { ApiError, unprocessable } from '../http/errors.js';
import { IMAGE_MATRIX_LIMIT } from '../instance/limits.js';

const IMAGE_TOO_LARGE_CODE = 'image_too_large';

/** Whether `error` is readImageHeader's refusal (which callers pass on rather than call the file unreadable). */
export const isImageTooLarge = (error: unknown): boolean =>
  error instanceof ApiError && error.code === IMAGE_TOO_LARGE_CODE;

/** sharp on an image someone sent: it never decodes more pixels than the instance advertises. */
export const decodeImage = (source: string | Buffer, options: SharpOptions = {}): Sharp =>
  sharp(source, { limitInputPixels: IMAGE_MATRIX_LIMIT, ...options });

/**
 * An image's header, read without decoding it: 422 when it has more pixels than image_matrix_limit (a
 * small file can hold a huge image that would take gigabytes to decode).
 */
export async function readImageHeader(
  source: string | Buffer,
  options: SharpOptions = {},
): Promise<Metadata> {
  const meta = await sharp(source, options).metadata();
  const pixels = (meta.width ?? 0) * (meta.pageHeight ?? meta.height ?? 0);
  if (pixels > IMAGE_MATRIX_LIMIT) {
    throw unprocessable(
      `The image is too large: ${meta.width}×${meta.pageHeight ?? meta.height} pixels, ` +
        `more than the ${IMAGE_MATRIX_LIMIT.toLocaleString('en')} allowed`,
      IMAGE_TOO_LARGE_CODE,
    );
  }
  return meta;
}
