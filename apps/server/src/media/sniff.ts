export interface SniffedType {
  contentType: 'image/jpeg' | 'image/png' | 'image/gif' | 'image/webp' | 'video/mp4' | 'video/webm';
  type: 'image' | 'video';
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** ISO-BMFF brands that are still images (HEIF, AVIF), not MP4 video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);

/** The type of a file from its first bytes, whatever its name says; null when it is none of the six allowed. */
export function sniffMediaType(bytes: Uint8Array): SniffedType | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff]))
    return { contentType: 'image/jpeg', type: 'image', extension: 'jpg' };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) {
    return { contentType: 'image/png', type: 'image', extension: 'png' };
  }
  const head = ascii(bytes, 0, 6);
  if (head === 'GIF87a' || head === 'GIF89a')
    return { contentType: 'image/gif', type: 'image', extension: 'gif' };
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WEBP') {
    return { contentType: 'image/webp', type: 'image', extension: 'webp' };
  }
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 12 && !IMAGE_BRANDS.has(ascii(bytes, 8, 12))) {
    return { contentType: 'video/mp4', type: 'video', extension: 'mp4' };
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 4, 64).includes('webm')) {
    return { contentType: 'video/webm', type: 'video', extension: 'webm' };
  }
  return null;
}
