/**
 * What a WebM (Matroska) file says about itself, read from its EBML elements without decoding anything: the
 * pixel size of its first video track (Segment > Tracks > TrackEntry > Video > PixelWidth/PixelHeight) and
 * its length (Segment > Info > Duration, in TimecodeScale nanoseconds). Stops at the first cluster once the
 * tracks are known, reads at most MAX_ELEMENTS elements; anything malformed is skipped.
 */
export interface WebmFacts {
  width: number | null;
  height: number | null;
  /** seconds */
  duration: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

const ID = {
  ebml: 0x1a45dfa3,
  segment: 0x18538067,
  info: 0x1549a966,
  timecodeScale: 0x2ad7b1,
  duration: 0x4489,
  tracks: 0x1654ae6b,
  trackEntry: 0xae,
  trackType: 0x83,
  video: 0xe0,
  pixelWidth: 0xb0,
  pixelHeight: 0xba,
  cluster: 0x1f43b675,
} as const;

const TRACK_TYPE_VIDEO = 1;
const TRACK_TYPE_AUDIO = 2;
const MAX_ELEMENTS = 4096;

interface Element {
  id: number;
  start: number;
  end: number;
}

class Reader {
  budget = MAX_ELEMENTS;

  constructor(readonly bytes: Uint8Array) {}

  /** An EBML variable-length integer: its value (with or without its length marker) and length. */
  private vint(at: number, keepMarker: boolean): { value: number; length: number; allOnes: boolean } | null {
    const first = this.bytes[at];
    if (first === undefined || first === 0) return null;
    const length = Math.clz32(first) - 23;
    if (at + length > this.bytes.length) return null;
    let value = keepMarker ? first : first & (0xff >> length);
    for (let index = 1; index < length; index += 1) value = value * 256 + (this.bytes[at + index] ?? 0);
    return { value, length, allOnes: !keepMarker && value === 2 ** (7 * length) - 1 };
  }

  elements(from: number, to: number): Element[] {
    const found: Element[] = [];
    let at = from;
    while (at < to && this.budget > 0) {
      this.budget -= 1;
      const id = this.vint(at, true);
      if (!id || id.length > 4) break;
      const size = this.vint(at + id.length, false);
      if (!size) break;
      const start = at + id.length + size.length;
      if (start > to) break;
      // an element of unknown size (a live recording's segment or cluster) runs to the end of its parent
      found.push({ id: id.value, start, end: size.allOnes ? to : Math.min(start + size.value, to) });
      if (size.allOnes) break;
      at = start + size.value;
    }
    return found;
  }

  uint(element: Element): number | null {
    const length = element.end - element.start;
    if (length < 1 || length > 6) return null;
    let value = 0;
    for (let at = element.start; at < element.end; at += 1) value = value * 256 + (this.bytes[at] ?? 0);
    return value;
  }

  float(element: Element): number | null {
    const length = element.end - element.start;
    if (length !== 4 && length !== 8) return null;
    const view = new DataView(this.bytes.buffer, this.bytes.byteOffset + element.start, length);
    return length === 4 ? view.getFloat32(0) : view.getFloat64(0);
  }
}

/** The facts of a WebM file; null when it has no segment to read them from. */
export function readWebm(bytes: Uint8Array): WebmFacts | null {
  const reader = new Reader(bytes);
  const segment = reader.elements(0, bytes.length).find((element) => element.id === ID.segment);
  if (!segment) return null;
  const facts: WebmFacts = { width: null, height: null, duration: null, hasVideo: false, hasAudio: false };
  let timecodeScale = 1_000_000;
  let rawDuration: number | null = null;
  let sawTracks = false;
  for (const child of reader.elements(segment.start, segment.end)) {
    if (child.id === ID.info) {
      for (const field of reader.elements(child.start, child.end)) {
        if (field.id === ID.timecodeScale) timecodeScale = reader.uint(field) || timecodeScale;
        if (field.id === ID.duration) rawDuration = reader.float(field);
      }
    } else if (child.id === ID.tracks) {
      sawTracks = true;
      for (const entry of reader.elements(child.start, child.end)) {
        if (entry.id !== ID.trackEntry) continue;
        const fields = reader.elements(entry.start, entry.end);
        const type = fields.find((field) => field.id === ID.trackType);
        const trackType = type ? reader.uint(type) : null;
        if (trackType === TRACK_TYPE_AUDIO) facts.hasAudio = true;
        const video = fields.find((field) => field.id === ID.video);
        if (trackType !== TRACK_TYPE_VIDEO && !video) continue;
        facts.hasVideo = true;
        if (!video || facts.width !== null) continue;
        const size = reader.elements(video.start, video.end);
        const width = size.find((field) => field.id === ID.pixelWidth);
        const height = size.find((field) => field.id === ID.pixelHeight);
        const pixelWidth = width ? reader.uint(width) : null;
        const pixelHeight = height ? reader.uint(height) : null;
        if (pixelWidth && pixelHeight) {
          facts.width = pixelWidth;
          facts.height = pixelHeight;
        }
      }
    } else if (child.id === ID.cluster && sawTracks) {
      break;
    }
  }
  if (rawDuration !== null && Number.isFinite(rawDuration) && rawDuration > 0) {
    facts.duration = Math.round(((rawDuration * timecodeScale) / 1e9) * 1000) / 1000;
  }
  return facts;
}
