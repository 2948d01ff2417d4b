import { describe, expect, it } from 'vitest';
import { readWebm } from './webm.js';

/** An element ID as written (its length marker is part of it). */
const idBytes = (id: number): number[] => {
  const bytes: number[] = [];
  for (let rest = id; rest > 0; rest = Math.floor(rest / 256)) bytes.unshift(rest % 256);
  return bytes;
};
/** A data size as a variable-length integer of 1 to 3 bytes. */
const sizeBytes = (size: number): number[] =>
  size < 0x7f
    ? [0x80 | size]
    : size < 0x3fff
      ? [0x40 | (size >> 8), size & 0xff]
      : [0x20 | (size >> 16), (size >> 8) & 0xff, size & 0xff];
const element = (id: number, ...content: Buffer[]): Buffer => {
  const body = Buffer.concat(content);
  return Buffer.concat([Buffer.from(idBytes(id)), Buffer.from(sizeBytes(body.length)), body]);
};
/** An element of unknown size (all ones), as a live recording writes its segment and clusters. */
const open = (id: number, ...content: Buffer[]): Buffer =>
  Buffer.concat([
    Buffer.from(idBytes(id)),
    Buffer.from([0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ...content,
  ]);
const uint = (value: number, length = 4): Buffer => {
  const bytes = Buffer.alloc(length);
  bytes.writeUIntBE(value, 0, length);
  return bytes;
};
const float64 = (value: number): Buffer => {
  const bytes = Buffer.alloc(8);
  bytes.writeDoubleBE(value);
  return bytes;
};
const float32 = (value: number): Buffer => {
  const bytes = Buffer.alloc(4);
  bytes.writeFloatBE(value);
  return bytes;
};

const EBML_HEADER = element(0x1a45dfa3, element(0x4282, Buffer.from('webm')));
const videoTrack = (width: number, height: number): Buffer =>
  element(
    0xae,
    element(0xd7, uint(1, 1)),
    element(0x83, uint(1, 1)),
    element(0xe0, element(0xb0, uint(width, 2)), element(0xba, uint(height, 2))),
  );
const audioTrack = element(0xae, element(0xd7, uint(2, 1)), element(0x83, uint(2, 1)), element(0xe1));

describe('readWebm', () => {
  it('reads the first video track’s pixel size and the duration in TimecodeScale units', () => {
    const file = Buffer.concat([
      EBML_HEADER,
      element(
        0x18538067,
        element(0x114d9b74, Buffer.alloc(12)),
        element(0x1549a966, element(0x2ad7b1, uint(1_000_000, 3)), element(0x4489, float64(12_345))),
        element(0x1654ae6b, audioTrack, videoTrack(640, 360), videoTrack(320, 180)),
        element(0x1f43b675, Buffer.alloc(20)),
      ),
    ]);
    expect(readWebm(file)).toEqual({
      width: 640,
      height: 360,
      duration: 12.345,
      hasVideo: true,
      hasAudio: true,
    });
  });

  it('reads a live recording: unknown sizes, no duration; a 4-byte duration with another scale', () => {
    const live = Buffer.concat([
      EBML_HEADER,
      open(0x18538067, element(0x1654ae6b, videoTrack(1920, 1080)), open(0x1f43b675, Buffer.alloc(30))),
    ]);
    expect(readWebm(live)).toEqual({
      width: 1920,
      height: 1080,
      duration: null,
      hasVideo: true,
      hasAudio: false,
    });

    const scaled = Buffer.concat([
      EBML_HEADER,
      element(
        0x18538067,
        element(0x1549a966, element(0x2ad7b1, uint(1000, 2)), element(0x4489, float32(1_500_000))),
        element(0x1654ae6b, audioTrack),
      ),
    ]);
    expect(readWebm(scaled)).toEqual({
      width: null,
      height: null,
      duration: 1.5,
      hasVideo: false,
      hasAudio: true,
    });
  });

  it('answers null without a segment, and survives truncated or malformed files', () => {
    expect(readWebm(EBML_HEADER)).toBeNull();
    expect(readWebm(new Uint8Array([0, 0, 0]))).toBeNull();
    const whole = Buffer.concat([
      EBML_HEADER,
      element(
        0x18538067,
        element(0x1549a966, element(0x4489, float64(2000))),
        element(0x1654ae6b, videoTrack(8, 8)),
      ),
    ]);
    for (let cut = 0; cut < whole.length; cut += 3) {
      expect(() => readWebm(whole.subarray(0, cut))).not.toThrow();
    }
  });
});
