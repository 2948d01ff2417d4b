import { describe, expect, it } from 'vitest';
import { readMp4 } from './mp4.js';

const u32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(value >>> 0);
  return bytes;
};
const u64 = (value: number): Buffer => {
  const bytes = Buffer.alloc(8);
  bytes.writeBigUInt64BE(BigInt(value));
  return bytes;
};
const zeros = (length: number): Buffer => Buffer.alloc(length);
const box = (type: string, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([u32(8 + body.length), Buffer.from(type, 'latin1'), body]);
};
const fullBox = (type: string, version: number, ...content: Buffer[]): Buffer =>
  box(type, Buffer.from([version, 0, 0, 0]), ...content);

const IDENTITY = [0x10000, 0, 0, 0, 0x10000, 0, 0, 0, 0x40000000];
const QUARTER_TURN = [0, 0x10000, 0, -0x10000, 0, 0, 0, 0, 0x40000000];
const matrix = (values: number[]): Buffer => Buffer.concat(values.map(u32));

const mvhd = (timescale: number, duration: number, version = 0): Buffer =>
  version === 1
    ? fullBox('mvhd', 1, u64(0), u64(0), u32(timescale), u64(duration), zeros(80))
    : fullBox('mvhd', 0, u32(0), u32(0), u32(timescale), u32(duration), zeros(80));
const tkhd = (width: number, height: number, version = 0, turn = IDENTITY): Buffer =>
  fullBox(
    'tkhd',
    version,
    version === 1 ? zeros(32) : zeros(20),
    zeros(16),
    matrix(turn),
    u32(width * 65536),
    u32(height * 65536),
  );
const hdlr = (handler: string): Buffer =>
  fullBox('hdlr', 0, u32(0), Buffer.from(handler, 'latin1'), zeros(12), Buffer.from('track\0'));
const trak = (header: Buffer, handler: string): Buffer =>
  box('trak', header, box('mdia', box('mdhd', zeros(24)), hdlr(handler)));
const ftyp = box('ftyp', Buffer.from('isom', 'latin1'), u32(512), Buffer.from('isomiso2mp41', 'latin1'));

describe('readMp4', () => {
  it('reads the video track size and the movie length', () => {
    const file = Buffer.concat([
      ftyp,
      box('mdat', zeros(64)),
      box('moov', mvhd(1000, 12_500), trak(tkhd(0, 0), 'soun'), trak(tkhd(1280, 720), 'vide')),
    ]);
    expect(readMp4(file)).toEqual({
      width: 1280,
      height: 720,
      duration: 12.5,
      hasVideo: true,
      hasAudio: true,
    });
  });

  it('reads version 1 boxes, 64-bit box sizes and turned tracks', () => {
    const largeMdat = Buffer.concat([u32(1), Buffer.from('mdat', 'latin1'), u64(16 + 8), zeros(8)]);
    const file = Buffer.concat([
      ftyp,
      largeMdat,
      box('moov', mvhd(90_000, 270_000, 1), trak(tkhd(1920, 1080, 1, QUARTER_TURN), 'vide')),
    ]);
    expect(readMp4(file)).toMatchObject({ width: 1080, height: 1920, duration: 3 });
  });

  it('takes the length of a fragmented file from mehd, and tells audio-only files', () => {
    const file = Buffer.concat([
      ftyp,
      box('moov', mvhd(48_000, 0), trak(tkhd(0, 0), 'soun'), box('mvex', fullBox('mehd', 0, u32(96_000)))),
    ]);
    expect(readMp4(file)).toEqual({
      width: null,
      height: null,
      duration: 2,
      hasVideo: false,
      hasAudio: true,
    });
  });

  it('answers null without a movie box, and survives truncated or malformed files', () => {
    expect(readMp4(ftyp)).toBeNull();
    expect(readMp4(new Uint8Array())).toBeNull();
    const whole = Buffer.concat([ftyp, box('moov', mvhd(1000, 5000), trak(tkhd(640, 480), 'vide'))]);
    for (let cut = 0; cut < whole.length; cut += 7) {
      expect(() => readMp4(whole.subarray(0, cut))).not.toThrow();
    }
    // a box claiming to be smaller than its header ends the walk
    expect(readMp4(Buffer.concat([u32(3), Buffer.from('moov', 'latin1'), zeros(32)]))).toBeNull();
  });
});
