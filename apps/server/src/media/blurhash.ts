import { encode } from 'blurhash';
import { decodeImage } from './images.js';

/** The blurhash of an image (4×3 components of a 32 px rendition, upright), or null when it cannot be read. */
export async function blurhashOfImage(data: Buffer): Promise<string | null> {
  try {
    const small = await decodeImage(data)
      .rotate()
      .resize(32, 32, { fit: 'inside' })
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    return encode(new Uint8ClampedArray(small.data), small.info.width, small.info.height, 4, 3);
  } catch {
    return null;
  }
}
