import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './sniff.js';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

describe('sniffMediaType', () => {
  it('recognises the six image and video types by their first bytes', () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffMediaType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))?.contentType).toBe('image/png');
    expect(sniffMediaType(bytes('GIF89a...'))?.contentType).toBe('image/gif');
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(sniffMediaType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))?.type).toBe('video');
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))?.contentType).toBe(
      'video/webm',
    );
  });

  it('recognises audio: WAV, Ogg, FLAC, M4A, and MP3 by its ID3 tag or two frames in a row', () => {
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WAVEfmt '))).toEqual({
      contentType: 'audio/wav',
      type: 'audio',
      extension: 'wav',
    });
    expect(sniffMediaType(bytes('OggS', [0, 2], '\x01vorbis'))?.contentType).toBe('audio/ogg');
    expect(sniffMediaType(bytes('fLaC', [0x80, 0, 0, 34]))?.contentType).toBe('audio/flac');
    expect(sniffMediaType(bytes([0, 0, 0, 0x20], 'ftypM4A ', [0, 0, 2, 0]))).toMatchObject({
      contentType: 'audio/mp4',
      type: 'audio',
    });
    expect(sniffMediaType(bytes('ID3', [4, 0, 0, 0, 0, 0, 0]))?.contentType).toBe('audio/mpeg');
    const frame = [0xff, 0xfb, 0x90, 0x00, ...new Array<number>(413).fill(0)];
    expect(sniffMediaType(bytes(frame, frame))?.contentType).toBe('audio/mpeg');
    // a frame header followed by something else is not taken for MP3
    expect(sniffMediaType(bytes(frame, 'and then plain text, no second frame'))).toBeNull();
  });

  it('refuses everything else, including HEIC/AVIF and text named like an image', () => {
    expect(sniffMediaType(bytes('just text'))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 0x18], 'ftypavif'))).toBeNull();
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3], 'matroska'))).toBeNull();
    expect(sniffMediaType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffMediaType(new Uint8Array())).toBeNull();
    // Ogg Theora is video the server does not take
    expect(sniffMediaType(bytes('OggS', [0, 2, 0, 0, 0, 0], '\x80theora'))).toBeNull();
  });
});
