import { describe, expect, it } from 'vitest';
import { flacDuration, id3Length, mp3Duration, mpegFrameAt, oggDuration, wavDuration } from './audio.js';

/** MPEG-1 Layer III, 128 kbit/s, 44.1 kHz, stereo: 417-byte frames of 1152 samples. */
const FRAME_HEADER = [0xff, 0xfb, 0x90, 0x00];
const FRAME_LENGTH = 417;
const frame = (body: Buffer = Buffer.alloc(0)): Buffer => {
  const bytes = Buffer.alloc(FRAME_LENGTH);
  Buffer.from(FRAME_HEADER).copy(bytes);
  body.copy(bytes, 4);
  return bytes;
};
const id3 = (padding: number): Buffer =>
  Buffer.concat([
    Buffer.from('ID3', 'latin1'),
    Buffer.from([4, 0, 0, 0, 0, (padding >> 7) & 0x7f, padding & 0x7f]),
    Buffer.alloc(padding),
  ]);

const le32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value);
  return bytes;
};
const le16 = (value: number): Buffer => {
  const bytes = Buffer.alloc(2);
  bytes.writeUInt16LE(value);
  return bytes;
};

const wav = (seconds: number, rate = 8000): Buffer => {
  const data = Buffer.alloc(Math.round(seconds * rate));
  const fmt = Buffer.concat([le16(1), le16(1), le32(rate), le32(rate), le16(1), le16(8)]);
  const body = Buffer.concat([
    Buffer.from('WAVEfmt ', 'latin1'),
    le32(fmt.length),
    fmt,
    Buffer.from('LIST', 'latin1'),
    le32(3),
    Buffer.from('abc\0'),
    Buffer.from('data', 'latin1'),
    le32(data.length),
    data,
  ]);
  return Buffer.concat([Buffer.from('RIFF', 'latin1'), le32(body.length), body]);
};

const oggPage = (granule: bigint, serial: number, packet: Buffer): Buffer => {
  const head = Buffer.alloc(27);
  head.write('OggS', 0, 'latin1');
  head.writeBigInt64LE(granule, 6);
  head.writeUInt32LE(serial, 14);
  head[26] = 1;
  return Buffer.concat([head, Buffer.from([packet.length]), packet]);
};

describe('MPEG audio', () => {
  it('reads frame headers and refuses reserved or free values', () => {
    expect(mpegFrameAt(Buffer.from(FRAME_HEADER), 0)).toMatchObject({
      bitrate: 128_000,
      sampleRate: 44_100,
      samples: 1152,
      length: FRAME_LENGTH,
    });
    expect(mpegFrameAt(Buffer.from([0xff, 0xfb, 0xf0, 0x00]), 0)).toBeNull();
    expect(mpegFrameAt(Buffer.from([0xff, 0xfb, 0x0c, 0x00]), 0)).toBeNull();
    expect(mpegFrameAt(Buffer.from([0xff, 0xf9, 0x90, 0x00]), 0)).toBeNull();
  });

  it('measures an ID3v2 tag', () => {
    expect(id3Length(id3(200))).toBe(210);
    expect(id3Length(frame())).toBe(0);
  });

  it('takes the length from a Xing header, else from the bit rate', () => {
    const xing = Buffer.alloc(40);
    xing.write('Xing', 32, 'latin1');
    xing.writeUInt32BE(1, 36);
    const withCount = Buffer.concat([
      id3(20),
      frame(Buffer.concat([xing, Buffer.from([0, 0, 0, 100])])),
      frame(),
    ]);
    expect(mp3Duration(withCount)).toBeCloseTo((100 * 1152) / 44_100, 3);
    const constant = Buffer.concat([frame(), frame(), frame()]);
    expect(mp3Duration(constant)).toBeCloseTo((3 * FRAME_LENGTH * 8) / 128_000, 3);
    expect(mp3Duration(Buffer.from('no frames at all'))).toBeNull();
  });
});

describe('WAV, FLAC and Ogg lengths', () => {
  it('reads WAV from its byte rate and data size, past other chunks', () => {
    expect(wavDuration(wav(0.5))).toBe(0.5);
    expect(wavDuration(wav(2, 16_000))).toBe(2);
    expect(wavDuration(wav(1).subarray(0, 30))).toBeNull();
  });

  it('reads FLAC’s STREAMINFO', () => {
    const info = Buffer.alloc(34);
    // 20 bits sample rate, 3 bits channels - 1, 5 bits bits per sample - 1, 36 bits total samples
    const packed = (44_100n << 44n) | (1n << 41n) | (15n << 36n) | 110_250n;
    info.writeBigUInt64BE(packed, 10);
    const flac = Buffer.concat([Buffer.from('fLaC', 'latin1'), Buffer.from([0x80, 0, 0, 34]), info]);
    expect(flacDuration(flac)).toBe(2.5);
    expect(flacDuration(flac.subarray(0, 20))).toBeNull();
  });

  it('reads Ogg Vorbis and Opus from the last page’s granule position', () => {
    const vorbisId = Buffer.concat([
      Buffer.from('\x01vorbis', 'latin1'),
      le32(0),
      Buffer.from([2]),
      le32(44_100),
      Buffer.alloc(13),
    ]);
    const vorbis = Buffer.concat([
      oggPage(0n, 7, vorbisId),
      oggPage(44_100n, 7, Buffer.alloc(50)),
      oggPage(-1n, 7, Buffer.alloc(20)),
      oggPage(88_200n, 7, Buffer.alloc(50)),
    ]);
    expect(oggDuration(vorbis)).toBe(2);
    const opusHead = Buffer.concat([
      Buffer.from('OpusHead', 'latin1'),
      Buffer.from([1, 2]),
      le16(312),
      le32(48_000),
      Buffer.alloc(3),
    ]);
    const opus = Buffer.concat([
      oggPage(0n, 9, opusHead),
      oggPage(BigInt(3 * 48_000 + 312), 9, Buffer.alloc(40)),
    ]);
    expect(oggDuration(opus)).toBe(3);
    expect(oggDuration(oggPage(0n, 1, Buffer.from('\x80theora', 'latin1')))).toBeNull();
  });
});
