import { flacDuration, mp3Duration, oggDuration, wavDuration } from './audio.js';
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

function read(contentType: SniffedContentType, data: Uint8Array): MediaFacts {
  switch (contentType) {
    case 'video/mp4':
    case 'audio/mp4':
      return compact(readMp4(data) ?? {});
    case 'video/webm':
      return compact(readWebm(data) ?? {});
    case 'audio/mpeg':
      return compact({ duration: mp3Duration(data) });
    case 'audio/ogg':
      return compact({ duration: oggDuration(data) });
    case 'audio/wav':
      return compact({ duration: wavDuration(data) });
    case 'audio/flac':
      return compact({ duration: flacDuration(data) });
    default:
      return {};
  }
}

/** The facts of an upload of this (sniffed) type; a file they cannot be read from just has none. */
export function probeMedia(contentType: SniffedContentType, data: Uint8Array): MediaFacts {
  try {
    return read(contentType, data);
  } catch {
    return {};
  }
}
