/**
 * The length of an audio file, read from its headers where that is cheap: WAV (fmt byte rate and data size),
 * FLAC (STREAMINFO), Ogg Vorbis/Opus (the last page's granule position), MP3 (a Xing/Info or VBRI header, else
 * the first frame's bit rate). Each reader looks at a bounded number of bytes and answers null when unsure.
 */

const round = (seconds: number): number | null =>
  Number.isFinite(seconds) && seconds > 0 ? Math.round(seconds * 1000) / 1000 : null;

const ascii = (bytes: Uint8Array, from: number, length: number): string =>
  String.fromCharCode(...bytes.subarray(from, from + length));

const viewOf = (bytes: Uint8Array): DataView =>
  new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);

// ---- MPEG audio (MP3) ----

const MPEG1 = 3;
const MPEG2 = 2;
const MPEG25 = 0;
const LAYER3 = 1;
const LAYER2 = 2;
const LAYER1 = 3;

/** kbit/s by [MPEG-1 or not][layer I, II, III][index] */
const BITRATES: Record<'v1' | 'v2', Record<number, readonly number[]>> = {
  v1: {
    [LAYER1]: [0, 32, 64, 96, 128, 160, 192, 224, 256, 288, 320, 352, 384, 416, 448],
    [LAYER2]: [0, 32, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320, 384],
    [LAYER3]: [0, 32, 40, 48, 56, 64, 80, 96, 112, 128, 160, 192, 224, 256, 320],
  },
  v2: {
    [LAYER1]: [0, 32, 48, 56, 64, 80, 96, 112, 128, 144, 160, 176, 192, 224, 256],
    [LAYER2]: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
    [LAYER3]: [0, 8, 16, 24, 32, 40, 48, 56, 64, 80, 96, 112, 128, 144, 160],
  },
};
const SAMPLE_RATES: Record<number, readonly number[]> = {
  [MPEG1]: [44100, 48000, 32000],
  [MPEG2]: [22050, 24000, 16000],
  [MPEG25]: [11025, 12000, 8000],
};

export interface MpegFrame {
  version: number;
  layer: number;
  /** bit/s */
  bitrate: number;
  sampleRate: number;
  samples: number;
  /** bytes, header included */
  length: number;
  mono: boolean;
}

/** The MPEG audio frame header at `at` (11 sync bits, then valid version, layer, bit rate and sample rate). */
export function mpegFrameAt(bytes: Uint8Array, at: number): MpegFrame | null {
  const [b0, b1, b2, b3] = [bytes[at], bytes[at + 1], bytes[at + 2], bytes[at + 3]];
  if (b0 !== 0xff || b1 === undefined || b2 === undefined || b3 === undefined) return null;
  if ((b1 & 0xe0) !== 0xe0) return null;
  const version = (b1 >> 3) & 3;
  const layer = (b1 >> 1) & 3;
  const bitrateIndex = b2 >> 4;
  const rateIndex = (b2 >> 2) & 3;
  // reserved version or layer, "free" or bad bit rate, reserved sample rate
  if (version === 1 || layer === 0 || bitrateIndex === 0 || bitrateIndex === 15 || rateIndex === 3)
    return null;
  const kbps = BITRATES[version === MPEG1 ? 'v1' : 'v2'][layer]?.[bitrateIndex];
  const sampleRate = SAMPLE_RATES[version]?.[rateIndex];
  if (!kbps || !sampleRate) return null;
  const bitrate = kbps * 1000;
  const padding = (b2 >> 1) & 1;
  const samples = layer === LAYER1 ? 384 : layer === LAYER3 && version !== MPEG1 ? 576 : 1152;
  const length =
    layer === LAYER1
      ? (Math.floor((12 * bitrate) / sampleRate) + padding) * 4
      : Math.floor(((samples / 8) * bitrate) / sampleRate) + padding;
  return { version, layer, bitrate, sampleRate, samples, length, mono: b3 >> 6 === 3 };
}

/** The size of an ID3v2 tag at the start (header, footer and all), else 0. */
export function id3Length(bytes: Uint8Array): number {
  if (ascii(bytes, 0, 3) !== 'ID3' || bytes.length < 10) return 0;
  const size = [6, 7, 8, 9].reduce((total, at) => total * 128 + ((bytes[at] ?? 0) & 0x7f), 0);
  const footer = ((bytes[5] ?? 0) & 0x10) !== 0 ? 10 : 0;
  return 10 + size + footer;
}

/** The first frame at or after `from` (within 64 kB: encoders may pad before it). */
function firstFrame(bytes: Uint8Array, from: number): { at: number; frame: MpegFrame } | null {
  const last = Math.min(bytes.length - 4, from + 65536);
  for (let at = from; at <= last; at += 1) {
    if (bytes[at] !== 0xff) continue;
    const frame = mpegFrameAt(bytes, at);
    if (frame) return { at, frame };
  }
  return null;
}

/**
 * The end of a file read in parts: its last bytes and its size. The readers take the file's first bytes, and
 * this where they need more (by default the bytes they were given are the whole file).
 */
export interface FileEnd {
  tail: Uint8Array;
  size: number;
}

const wholeFile = (bytes: Uint8Array): FileEnd => ({ tail: bytes, size: bytes.length });

export function mp3Duration(bytes: Uint8Array, file: FileEnd = wholeFile(bytes)): number | null {
  const found = firstFrame(bytes, id3Length(bytes));
  if (!found) return null;
  const { at, frame } = found;
  const view = viewOf(bytes);
  // the Xing/Info header sits after the side information; VBRI 32 bytes after the frame header
  const sideInfo = frame.version === MPEG1 ? (frame.mono ? 17 : 32) : frame.mono ? 9 : 17;
  const xing = at + 4 + sideInfo;
  const tag = ascii(bytes, xing, 4);
  if (
    (tag === 'Xing' || tag === 'Info') &&
    xing + 12 <= bytes.length &&
    (view.getUint32(xing + 4) & 1) !== 0
  ) {
    return round((view.getUint32(xing + 8) * frame.samples) / frame.sampleRate);
  }
  const vbri = at + 36;
  if (ascii(bytes, vbri, 4) === 'VBRI' && vbri + 18 <= bytes.length) {
    return round((view.getUint32(vbri + 14) * frame.samples) / frame.sampleRate);
  }
  // constant bit rate: the audio bytes (without an ID3v1 tag at the end) at the first frame's rate
  const end = ascii(file.tail, file.tail.length - 128, 3) === 'TAG' ? file.size - 128 : file.size;
  return round(((end - at) * 8) / frame.bitrate);
}

// ---- WAV ----

export function wavDuration(bytes: Uint8Array, file: FileEnd = wholeFile(bytes)): number | null {
  const view = viewOf(bytes);
  let byteRate = 0;
  let at = 12;
  for (let chunks = 0; at + 8 <= bytes.length && chunks < 64; chunks += 1) {
    const id = ascii(bytes, at, 4);
    const size = view.getUint32(at + 4, true);
    if (id === 'fmt ' && at + 20 <= bytes.length) byteRate = view.getUint32(at + 16, true);
    if (id === 'data') {
      // a recording still being written says 0 or 0xFFFFFFFF: count what is there
      const available = file.size - (at + 8);
      const data = size === 0 || size > available ? available : size;
      return byteRate ? round(data / byteRate) : null;
    }
    at += 8 + size + (size % 2);
  }
  return null;
}

// ---- FLAC ----

export function flacDuration(bytes: Uint8Array): number | null {
  // "fLaC", then the STREAMINFO block (type 0) first: sample rate (20 bits) and total samples (36 bits)
  if (ascii(bytes, 0, 4) !== 'fLaC' || ((bytes[4] ?? 0x7f) & 0x7f) !== 0 || bytes.length < 26) return null;
  const b = (at: number): number => bytes[at] ?? 0;
  const sampleRate = (b(18) << 12) | (b(19) << 4) | (b(20) >> 4);
  const totalSamples = (b(21) & 0x0f) * 2 ** 32 + viewOf(bytes).getUint32(22);
  return sampleRate ? round(totalSamples / sampleRate) : null;
}

// ---- Ogg (Vorbis, Opus) ----

interface OggPage {
  granule: bigint;
  serial: number;
  /** where the page's first packet starts */
  body: number;
}

function oggPageAt(bytes: Uint8Array, at: number): OggPage | null {
  if (ascii(bytes, at, 4) !== 'OggS' || bytes[at + 4] !== 0 || at + 27 > bytes.length) return null;
  const view = viewOf(bytes);
  const segments = bytes[at + 26] ?? 0;
  return {
    granule: view.getBigInt64(at + 6, true),
    serial: view.getUint32(at + 14, true),
    body: at + 27 + segments,
  };
}

/** Ogg pages are at most 65,307 bytes: the last one starts within that distance from the end. */
export const LAST_PAGE_WINDOW = 65_307 + 27;

export function oggDuration(bytes: Uint8Array, file: FileEnd = wholeFile(bytes)): number | null {
  const first = oggPageAt(bytes, 0);
  if (!first) return null;
  const view = viewOf(bytes);
  let rate = 0;
  let preSkip = 0;
  if (ascii(bytes, first.body, 7) === '\x01vorbis' && first.body + 16 <= bytes.length) {
    rate = view.getUint32(first.body + 12, true);
  } else if (ascii(bytes, first.body, 8) === 'OpusHead' && first.body + 12 <= bytes.length) {
    // Opus granule positions count 48 kHz samples, whatever the input rate was
    rate = 48000;
    preSkip = view.getUint16(first.body + 10, true);
  }
  if (!rate) return null;
  const { tail } = file;
  const stop = Math.max(0, tail.length - LAST_PAGE_WINDOW);
  for (let at = tail.length - 27; at >= stop; at -= 1) {
    if (tail[at] !== 0x4f) continue;
    const page = oggPageAt(tail, at);
    if (!page || page.serial !== first.serial || page.granule < 0n) continue;
    return round((Number(page.granule) - preSkip) / rate);
  }
  return null;
}
