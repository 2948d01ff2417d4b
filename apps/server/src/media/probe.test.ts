import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { probeMedia, sampleFile, sampleOfBytes } from './probe.js';
import type { SniffedContentType } from './sniff.js';

const MB = 1024 * 1024;
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'palchat-probe-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};
const le32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32LE(value >>> 0);
  return bytes;
};
const box = (type: string, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, ...content: Buffer[]): Buffer => box(type, Buffer.alloc(4), ...content);

/** An MP4 written the way a camera does: its movie box after megabytes of media data. */
function mp4WithMovieAtTheEnd(): Buffer {
  const identity = Buffer.concat([0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000].map(u32));
  const tkhd = fullBox('tkhd', Buffer.alloc(36), identity, u32(1280 * 65536), u32(720 * 65536));
  const hdlr = fullBox('hdlr', u32(0), Buffer.from('vide', 'latin1'), Buffer.alloc(12));
  const moov = box(
    'moov',
    fullBox('mvhd', u32(0), u32(0), u32(1000), u32(7500), Buffer.alloc(80)),
    box('trak', tkhd, box('mdia', hdlr)),
  );
  const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomiso2', 'latin1'));
  return Buffer.concat([ftyp, box('mdat', Buffer.alloc(3 * MB, 7)), moov]);
}

/** A constant-bit-rate MP3 (128 kbit/s, 44.1 kHz frames) after a tag holding a large cover picture. */
function mp3WithLargeTag(): Buffer {
  const tagSize = Math.round(1.5 * MB);
  const tag = Buffer.alloc(10 + tagSize);
  tag.write('ID3', 0, 'latin1');
  tag[3] = 4;
  [21, 14, 7, 0].forEach((shift, index) => (tag[6 + index] = (tagSize >> shift) & 0x7f));
  const frame = Buffer.alloc(417);
  Buffer.from([0xff, 0xfb, 0x90, 0x00]).copy(frame);
  const frames = Buffer.concat(Array.from({ length: 3000 }, () => frame));
  const v1 = Buffer.alloc(128);
  v1.write('TAG', 0, 'latin1');
  return Buffer.concat([tag, frames, v1]);
}

function oggPage(granule: bigint, body: Buffer): Buffer {
  const header = Buffer.alloc(27);
  header.write('OggS', 0, 'latin1');
  header.writeBigInt64LE(granule, 6);
  header.writeUInt32LE(42, 14);
  header[26] = 1;
  return Buffer.concat([header, Buffer.from([body.length]), body]);
}

/** An Ogg Vorbis file whose length is only told by its last page, megabytes after the first. */
function longOgg(): Buffer {
  const identification = Buffer.concat([
    Buffer.from('\x01vorbis', 'latin1'),
    le32(0),
    Buffer.from([2]),
    le32(44_100),
  ]);
  return Buffer.concat([
    oggPage(0n, identification),
    Buffer.alloc(2 * MB),
    oggPage(44_100n * 95n, Buffer.alloc(10)),
  ]);
}

/** A WAV whose data chunk says "unknown size" (a recording streamed as it was made). */
function streamedWav(): Buffer {
  const rate = 8000;
  const fmt = Buffer.concat([
    Buffer.from('fmt ', 'latin1'),
    le32(16),
    Buffer.from([1, 0, 1, 0]),
    le32(rate),
    le32(rate * 2),
    Buffer.from([2, 0, 16, 0]),
  ]);
  const data = Buffer.alloc(rate * 2 * 200);
  return Buffer.concat([
    Buffer.from('RIFF', 'latin1'),
    le32(0),
    Buffer.from('WAVE', 'latin1'),
    fmt,
    Buffer.from('data', 'latin1'),
    le32(0),
    data,
  ]);
}

async function probeBoth(contentType: SniffedContentType, bytes: Buffer) {
  const file = path.join(dir, `${contentType.replace('/', '-')}.bin`);
  fs.writeFileSync(file, bytes);
  const sample = await sampleFile(contentType, file);
  return {
    whole: probeMedia(contentType, sampleOfBytes(bytes)),
    sampled: probeMedia(contentType, sample),
    sample,
  };
}

describe('probing a stored upload from a sample of its bytes', () => {
  it('finds an MP4 movie box at the end of the file, reading only that', async () => {
    const { whole, sampled, sample } = await probeBoth('video/mp4', mp4WithMovieAtTheEnd());
    expect(whole).toEqual({ width: 1280, height: 720, duration: 7.5, hasVideo: true, hasAudio: false });
    expect(sampled).toEqual(whole);
    expect(sample.head.length).toBeLessThanOrEqual(MB);
    expect(sample.movie?.length).toBeLessThan(1024);
  });

  it('reads past an MP3 tag larger than the head, and takes the length from the file size', async () => {
    const { whole, sampled } = await probeBoth('audio/mpeg', mp3WithLargeTag());
    expect(whole.duration).toBeCloseTo((3000 * 417 * 8) / 128_000, 2);
    expect(sampled).toEqual(whole);
  });

  it("reads an Ogg file's last page from its tail", async () => {
    const { whole, sampled } = await probeBoth('audio/ogg', longOgg());
    expect(whole).toEqual({ duration: 95 });
    expect(sampled).toEqual(whole);
  });

  it('takes the length of a WAV of unknown data size from the file size', async () => {
    const { whole, sampled } = await probeBoth('audio/wav', streamedWav());
    expect(whole).toEqual({ duration: 200 });
    expect(sampled).toEqual(whole);
  });
});
