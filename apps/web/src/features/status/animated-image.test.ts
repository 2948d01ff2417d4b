import type { MediaAttachment } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { animatesByItself, imageTileSource, isAnimatedImage } from './animated-image';

function image(meta: MediaAttachment['meta'], type: MediaAttachment['type'] = 'image'): MediaAttachment {
  return {
    id: '1',
    type,
    url: 'https://x.test/system/media_attachments/1.gif',
    preview_url: 'https://x.test/system/media_attachments/1_small.webp',
    remote_url: null,
    meta,
    description: null,
    blurhash: null,
  };
}

const animated = image({ original: { width: 8, height: 8, duration: 0.6 } });
const still = image({ original: { width: 8, height: 8 } });

describe('animated images', () => {
  it('are images whose meta.original gives the length of a loop', () => {
    expect(isAnimatedImage(animated)).toBe(true);
    expect(isAnimatedImage(still)).toBe(false);
    expect(isAnimatedImage(image(null))).toBe(false);
    expect(isAnimatedImage(image({ original: { duration: 0 } }))).toBe(false);
    expect(isAnimatedImage(image({ original: { duration: '2' } }))).toBe(false);
    // a video has a length too, and is no animated image
    expect(isAnimatedImage(image({ original: { duration: 3 } }, 'video'))).toBe(false);
  });

  it('play by themselves only when GIFs autoplay and nobody asked for less motion', () => {
    expect(animatesByItself({ autoplayGifs: true, reduceMotion: false }, false)).toBe(true);
    expect(animatesByItself({ autoplayGifs: false, reduceMotion: false }, false)).toBe(false);
    expect(animatesByItself({ autoplayGifs: true, reduceMotion: true }, false)).toBe(false);
    expect(animatesByItself({ autoplayGifs: true, reduceMotion: false }, true)).toBe(false);
  });

  it('show the original file while playing, the still preview otherwise', () => {
    expect(imageTileSource(animated, true)).toBe(animated.url);
    expect(imageTileSource(animated, false)).toBe(animated.preview_url);
    // a still image always shows its preview, or its original without one
    expect(imageTileSource(still, true)).toBe(still.preview_url);
    expect(imageTileSource({ ...still, preview_url: null }, false)).toBe(still.url);
  });
});
