import type { MediaAttachment } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { focusPosition, mediaRatio, singleTileRatio } from './media-layout';

function withMeta(meta: MediaAttachment['meta']): MediaAttachment {
  return { meta } as MediaAttachment;
}

describe('media layout', () => {
  it('reads the original size from meta.original, else the flat width and height', () => {
    expect(mediaRatio(withMeta({ original: { width: 800, height: 400 } }))).toBe(2);
    expect(mediaRatio(withMeta({ width: 300, height: 600 }))).toBe(0.5);
    expect(mediaRatio(withMeta({ width: null, height: null }))).toBeNull();
    expect(mediaRatio(withMeta(null))).toBeNull();
  });

  it('bounds a lone tile between a tall 3:4 and a wide 2:1, 16:9 when the size is unknown', () => {
    expect(singleTileRatio(withMeta({ original: { width: 1000, height: 800 } }))).toBe(1.25);
    expect(singleTileRatio(withMeta({ original: { width: 400, height: 2000 } }))).toBe(0.75);
    expect(singleTileRatio(withMeta({ original: { width: 3000, height: 500 } }))).toBe(2);
    expect(singleTileRatio(withMeta(null))).toBeCloseTo(16 / 9);
  });

  it('turns the focal point (y upwards, -1 to 1) into an object-position', () => {
    expect(focusPosition(withMeta({ focus: { x: 0, y: 0 } }))).toBe('50% 50%');
    expect(focusPosition(withMeta({ focus: { x: -1, y: 1 } }))).toBe('0% 0%');
    expect(focusPosition(withMeta({ focus: { x: 0.5, y: -0.5 } }))).toBe('75% 75%');
    expect(focusPosition(withMeta({ focus: { x: 4, y: -3 } }))).toBe('100% 100%');
    expect(focusPosition(withMeta({}))).toBeUndefined();
  });
});
