import os from 'node:os';
import sharp, { type Metadata, type Sharp, type SharpOptions } from 'sharp';
import { ApiError, unprocessable } from '../http/errors.js';
import { IMAGE_MATRIX_LIMIT } from '../instance/limits.js';
import { message } from '../i18n/format.js';

// Each upload is decoded once or twice: libvips' operation cache (50 MB by default) would only hold on to them.
sharp.cache(false);

/**
 * Images are decoded a few at a time, one per CPU: decoding is CPU-bound, so more at once would finish no
 * sooner and only hold more decoded pixels in memory (30 photos sent at once took 100 MB more).
 */
const DECODES_AT_ONCE = Math.max(1, os.availableParallelism());
let decoding = 0;
const waiting: (() => void)[] = [];

/** Runs `work` (which decodes an image) once one of the decoding turns is free. */
export async function inDecodingTurn<T>(work: () => Promise<T>): Promise<T> {
  if (decoding >= DECODES_AT_ONCE) await new Promise<void>((resolve) => waiting.push(resolve));
  else decoding += 1;
  try {
    return await work();
  } finally {
    const next = waiting.shift();
    // the turn passes straight to the next in line
    if (next) next();
    else decoding -= 1;
  }
}

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
      message('media.image_too_large', {
        // a size in pixels is written without grouping ("16000×16000"), whatever the locale
        width: String(meta.width ?? 0),
        height: String(meta.pageHeight ?? meta.height ?? 0),
        max: IMAGE_MATRIX_LIMIT,
      }),
      IMAGE_TOO_LARGE_CODE,
    );
  }
  return meta;
}
