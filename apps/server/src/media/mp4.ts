/**
 * What an MP4 (ISO base media file) says about itself without decoding anything: the size of its video track
 * (moov > trak > tkhd, 16.16 fixed point, turned by the track's matrix), its length (moov > mvhd, or
 * mvex > mehd for a fragmented file) and which kinds of tracks it has (mdia > hdlr).
 * Reads only box headers and a few fields, at most MAX_BOXES of them; anything malformed is skipped.
 */
export interface Mp4Facts {
  width: number | null;
  height: number | null;
  /** seconds */
  duration: number | null;
  hasVideo: boolean;
  hasAudio: boolean;
}

interface Box {
  type: string;
  /** where the box's content starts, after its header */
  start: number;
  end: number;
}

const MAX_BOXES = 4096;

class Reader {
  readonly view: DataView;
  budget = MAX_BOXES;

  constructor(readonly bytes: Uint8Array) {
    this.view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  }

  has(at: number, length: number): boolean {
    return at >= 0 && at + length <= this.bytes.length;
  }

  u32(at: number): number | null {
    return this.has(at, 4) ? this.view.getUint32(at) : null;
  }

  u64(at: number): number | null {
    return this.has(at, 8) ? Number(this.view.getBigUint64(at)) : null;
  }

  i32(at: number): number | null {
    return this.has(at, 4) ? this.view.getInt32(at) : null;
  }

  fourcc(at: number): string {
    return String.fromCharCode(...this.bytes.subarray(at, at + 4));
  }

  /** The boxes from `from` to `to`; a box claiming more than is left is cut at `to` (a truncated file). */
  boxes(from: number, to: number): Box[] {
    const found: Box[] = [];
    let at = from;
    while (at + 8 <= to && this.budget > 0) {
      this.budget -= 1;
      let size = this.view.getUint32(at);
      let header = 8;
      if (size === 1) {
        const large = this.u64(at + 8);
        if (large === null) break;
        size = large;
        header = 16;
      } else if (size === 0) {
        size = to - at;
      }
      if (size < header) break;
      found.push({ type: this.fourcc(at + 4), start: at + header, end: Math.min(at + size, to) });
      at += size;
    }
    return found;
  }

  child(box: Box, type: string): Box | undefined {
    return this.boxes(box.start, box.end).find((inner) => inner.type === type);
  }
}

interface Track {
  handler: string | null;
  width: number;
  height: number;
}

/** tkhd: the track's presentation size, upright (a matrix turning it a quarter swaps width and height). */
function readTrackHeader(reader: Reader, box: Box): { width: number; height: number } | null {
  const version = reader.bytes[box.start];
  const matrix = box.start + (version === 1 ? 52 : 40);
  const a = reader.i32(matrix);
  const d = reader.i32(matrix + 16);
  const width = reader.u32(matrix + 36);
  const height = reader.u32(matrix + 40);
  if (width === null || height === null || a === null || d === null) return null;
  const size = { width: Math.round(width / 65536), height: Math.round(height / 65536) };
  return a === 0 && d === 0 ? { width: size.height, height: size.width } : size;
}

function readTrack(reader: Reader, trak: Box): Track {
  const tkhd = reader.child(trak, 'tkhd');
  const size = tkhd ? readTrackHeader(reader, tkhd) : null;
  const mdia = reader.child(trak, 'mdia');
  const hdlr = mdia ? reader.child(mdia, 'hdlr') : undefined;
  const handler = hdlr && reader.has(hdlr.start + 8, 4) ? reader.fourcc(hdlr.start + 8) : null;
  return { handler, width: size?.width ?? 0, height: size?.height ?? 0 };
}

/** mvhd (or mehd) in the movie's timescale: seconds, or null when unknown. */
function readDuration(reader: Reader, moov: Box): number | null {
  const mvhd = reader.child(moov, 'mvhd');
  if (!mvhd) return null;
  const version = reader.bytes[mvhd.start];
  const timescale = reader.u32(mvhd.start + (version === 1 ? 20 : 12));
  let duration = version === 1 ? reader.u64(mvhd.start + 24) : reader.u32(mvhd.start + 16);
  // all ones: unknown (a live or fragmented recording)
  if (duration === 0xffffffff || (version === 1 && duration !== null && duration >= 2 ** 53)) duration = null;
  if (!duration) {
    const mvex = reader.child(moov, 'mvex');
    const mehd = mvex ? reader.child(mvex, 'mehd') : undefined;
    if (mehd)
      duration = reader.bytes[mehd.start] === 1 ? reader.u64(mehd.start + 4) : reader.u32(mehd.start + 4);
  }
  if (!timescale || !duration) return null;
  return Math.round((duration / timescale) * 1000) / 1000;
}

/** The facts of an MP4 (or M4A) file; null when it has no movie box (moov) to read them from. */
export function readMp4(bytes: Uint8Array): Mp4Facts | null {
  const reader = new Reader(bytes);
  const moov = reader.boxes(0, bytes.length).find((box) => box.type === 'moov');
  if (!moov) return null;
  const tracks = reader
    .boxes(moov.start, moov.end)
    .filter((box) => box.type === 'trak')
    .map((trak) => readTrack(reader, trak));
  // a track without a handler box counts as video when it has a size
  const video = tracks.find(
    (track) => (track.handler === 'vide' || track.handler === null) && track.width > 0 && track.height > 0,
  );
  return {
    width: video?.width ?? null,
    height: video?.height ?? null,
    duration: readDuration(reader, moov),
    hasVideo: tracks.some((track) => track.handler === 'vide') || video !== undefined,
    hasAudio: tracks.some((track) => track.handler === 'soun'),
  };
}
