import fs from 'node:fs/promises';
import {
  flacDuration,
  id3Length,
  LAST_PAGE_WINDOW,
  mp3Duration,
  oggDuration,
  wavDuration,
  type FileEnd,
} from './audio.js';
import { readMp4 } from './mp4.js';
import type { SniffedContentType } from './sniff.js';
import { readWebm } from './webm.js';

/** What a video or an audio file tells about itself (no decoding, no ffmpeg); absent when not found. */
export interface MediaFacts {
  width?: number;
  height?: number;
  /** seconds */
  duration?: number;
  /** for containers that may hold either: whether a video track was found (undefined when not read) */
  hasVideo?: boolean;
  hasAudio?: boolean;
}

function compact(facts: {
  width?: number | null;
  height?: number | null;
  duration?: number | null;
  hasVideo?: boolean;
  hasAudio?: boolean;
}): MediaFacts {
  const result: MediaFacts = {};
  if (facts.width && facts.height) {
    result.width = facts.width;
    result.height = facts.height;
  }
  if (facts.duration) result.duration = facts.duration;
  if (facts.hasVideo !== undefined) result.hasVideo = facts.hasVideo;
  if (facts.hasAudio !== undefined) result.hasAudio = facts.hasAudio;
  return result;
}

/** What the readers look at in a file: its first and last bytes, its size and, for MP4, its movie box. */
export interface FileSample extends FileEnd {
  head: Uint8Array;
  /** MP4's moov box, wherever it is in the file (an MP4 written live has it at the end) */
  movie: Uint8Array | null;
}

/** The whole file in memory, as a sample. */
export const sampleOfBytes = (bytes: Uint8Array): FileSample => ({
  head: bytes,
  tail: bytes,
  size: bytes.length,
  movie: null,
});

function read(contentType: SniffedContentType, sample: FileSample): MediaFacts {
  const { head } = sample;
  switch (contentType) {
    case 'video/mp4':
    case 'audio/mp4':
      return compact(readMp4(sample.movie ?? head) ?? {});
    case 'video/webm':
      return compact(readWebm(head) ?? {});
    case 'audio/mpeg':
      return compact({ duration: mp3Duration(head, sample) });
    case 'audio/ogg':
      return compact({ duration: oggDuration(head, sample) });
    case 'audio/wav':
      return compact({ duration: wavDuration(head, sample) });
    case 'audio/flac':
      return compact({ duration: flacDuration(head) });
    default:
      return {};
  }
}

/** The facts of an upload of this (sniffed) type; a file they cannot be read from just has none. */
export function probeMedia(contentType: SniffedContentType, sample: FileSample): MediaFacts {
  try {
    return read(contentType, sample);
  } catch {
    return {};
  }
}

/** A WebM's tracks, a WAV's chunk headers and an MP3's first frames (after its tag) are within this. */
const HEAD_BYTES = 1024 * 1024;
/** A larger movie box is not read (a long video's sample tables stay well under this) */
const MOVIE_LIMIT = 16 * 1024 * 1024;
const MAX_TOP_BOXES = 1024;

async function readAt(file: fs.FileHandle, position: number, length: number): Promise<Buffer> {
  const buffer = Buffer.alloc(Math.max(0, length));
  const { bytesRead } = await file.read(buffer, 0, buffer.length, position);
  return buffer.subarray(0, bytesRead);
}

/** The moov box of an MP4 file, found by walking its top-level boxes; null when absent or too large. */
async function readMovieBox(file: fs.FileHandle, size: number): Promise<Buffer | null> {
  let at = 0;
  for (let boxes = 0; at + 8 <= size && boxes < MAX_TOP_BOXES; boxes += 1) {
    const header = await readAt(file, at, 16);
    if (header.length < 8) return null;
    let boxSize = header.readUInt32BE(0);
    if (boxSize === 1) {
      if (header.length < 16) return null;
      boxSize = Number(header.readBigUInt64BE(8));
    } else if (boxSize === 0) {
      boxSize = size - at;
    }
    if (boxSize < 8) return null;
    if (header.toString('latin1', 4, 8) === 'moov')
      return boxSize <= MOVIE_LIMIT ? readAt(file, at, Math.min(boxSize, size - at)) : null;
    at += boxSize;
  }
  return null;
}

/**
 * Reads what the probes need of a stored upload (its first megabyte, at most, its last 64 kB and, for
 * MP4, its movie box), so that a long video is never read whole into memory.
 */
export async function sampleFile(contentType: SniffedContentType, filePath: string): Promise<FileSample> {
  const file = await fs.open(filePath, 'r');
  try {
    const { size } = await file.stat();
    let head = await readAt(file, 0, Math.min(size, HEAD_BYTES));
    // an MP3's tag (cover art and all) comes before its first frame
    const tag = contentType === 'audio/mpeg' ? id3Length(head) : 0;
    if (tag > 0 && tag + 70_000 > head.length)
      head = await readAt(file, 0, Math.min(size, tag + 70_000, MOVIE_LIMIT));
    const tailStart = Math.max(0, size - LAST_PAGE_WINDOW);
    const tail = await readAt(file, tailStart, size - tailStart);
    const isMp4 = contentType === 'video/mp4' || contentType === 'audio/mp4';
    return { head, tail, size, movie: isMp4 ? await readMovieBox(file, size) : null };
  } finally {
    await file.close();
  }
}
