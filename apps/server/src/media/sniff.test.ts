import { describe, expect, it } from 'vitest';
import { sniffMediaType } from './sniff.js';

const bytes = (...parts: Array<number[] | string>): Uint8Array =>
  Uint8Array.from(
    parts.flatMap((part) => (typeof part === 'string' ? [...Buffer.from(part, 'latin1')] : part)),
  );

describe('sniffMediaType', () => {
  it('recognises the six allowed types by their first bytes', () => {
    expect(sniffMediaType(bytes([0xff, 0xd8, 0xff, 0xe0]))?.contentType).toBe('image/jpeg');
    expect(sniffMediaType(bytes([0x89], 'PNG', [0x0d, 0x0a, 0x1a, 0x0a]))?.contentType).toBe('image/png');
    expect(sniffMediaType(bytes('GIF89a...'))?.contentType).toBe('image/gif');
    expect(sniffMediaType(bytes('RIFF', [0, 0, 0, 0], 'WEBPVP8 '))?.contentType).toBe('image/webp');
    expect(sniffMediaType(bytes([0, 0, 0, 0x20], 'ftypisom', [0, 0, 2, 0]))?.type).toBe('video');
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x82, 0x84], 'webm'))?.contentType).toBe(
      'video/webm',
    );
  });

  it('refuses everything else, including HEIC/AVIF and text named like an image', () => {
    expect(sniffMediaType(bytes('just text'))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 0x18], 'ftypheic'))).toBeNull();
    expect(sniffMediaType(bytes([0, 0, 0, 0x18], 'ftypavif'))).toBeNull();
    expect(sniffMediaType(bytes([0x1a, 0x45, 0xdf, 0xa3], 'matroska'))).toBeNull();
    expect(sniffMediaType(bytes('%PDF-1.7'))).toBeNull();
    expect(sniffMediaType(new Uint8Array())).toBeNull();
  });
});
