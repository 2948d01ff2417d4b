import { id3Length, mpegFrameAt } from './audio.js';

export type SniffedContentType =
  | 'image/jpeg'
  | 'image/png'
  | 'image/gif'
  | 'image/webp'
  | 'video/mp4'
  | 'video/webm'
  | 'audio/mpeg'
  | 'audio/ogg'
  | 'audio/wav'
  | 'audio/flac'
  | 'audio/mp4';

export interface SniffedType {
  contentType: SniffedContentType;
  type: 'image' | 'video' | 'audio';
  extension: string;
}

const startsWith = (bytes: Uint8Array, signature: readonly number[], offset = 0): boolean =>
  bytes.length >= offset + signature.length &&
  signature.every((byte, index) => bytes[offset + index] === byte);

const ascii = (bytes: Uint8Array, from: number, to: number): string =>
  String.fromCharCode(...bytes.subarray(from, Math.min(to, bytes.length)));

/** ISO-BMFF brands that are still images (HEIF, AVIF), not MP4 video. */
const IMAGE_BRANDS = new Set(['heic', 'heix', 'heim', 'heis', 'mif1', 'msf1', 'avif', 'avis']);
/** ISO-BMFF brands of audio-only files (iTunes' M4A, audio books, protected audio). */
const AUDIO_BRANDS = new Set(['M4A ', 'M4B ', 'M4P ']);

/**
 * An MP3 without an ID3 tag starts with a frame header; when the file is long enough to hold a second frame,
 * that one must follow right after the first (one stray 0xFFE… pair is not enough).
 */
function isMpegAudio(bytes: Uint8Array): boolean {
  if (id3Length(bytes) > 0) return true;
  const frame = mpegFrameAt(bytes, 0);
  if (!frame) return false;
  return bytes.length < frame.length + 4 || mpegFrameAt(bytes, frame.length) !== null;
}

/** The type of a file from its first bytes, whatever its name says; null when it is none of those allowed. */
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
  if (ascii(bytes, 0, 4) === 'RIFF' && ascii(bytes, 8, 12) === 'WAVE') {
    return { contentType: 'audio/wav', type: 'audio', extension: 'wav' };
  }
  if (ascii(bytes, 4, 8) === 'ftyp' && bytes.length >= 12) {
    const brand = ascii(bytes, 8, 12);
    if (AUDIO_BRANDS.has(brand)) return { contentType: 'audio/mp4', type: 'audio', extension: 'm4a' };
    if (!IMAGE_BRANDS.has(brand)) return { contentType: 'video/mp4', type: 'video', extension: 'mp4' };
    return null;
  }
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3]) && ascii(bytes, 4, 64).includes('webm')) {
    return { contentType: 'video/webm', type: 'video', extension: 'webm' };
  }
  // Ogg holding Theora is video, which is not taken; Vorbis, Opus, FLAC and Speex are audio
  if (ascii(bytes, 0, 4) === 'OggS') {
    return ascii(bytes, 0, 64).includes('\x80theora')
      ? null
      : { contentType: 'audio/ogg', type: 'audio', extension: 'ogg' };
  }
  if (ascii(bytes, 0, 4) === 'fLaC') return { contentType: 'audio/flac', type: 'audio', extension: 'flac' };
  if (isMpegAudio(bytes)) return { contentType: 'audio/mpeg', type: 'audio', extension: 'mp3' };
  return null;
}
