import type { MediaAttachment } from '@palchat/api';

/**
 * Whether an attachment is an animated image (a GIF or WebP of several frames). The server keeps these as
 * Mastodon `image` attachments with a still preview (it makes no gifv video) and gives the length of one loop
 * in `meta.original.duration`, as Mastodon does for gifv; a still image has none.
 */
export function isAnimatedImage(media: MediaAttachment): boolean {
  if (media.type !== 'image') return false;
  const original: unknown = media.meta?.original;
  if (typeof original !== 'object' || original === null) return false;
  const duration = (original as Record<string, unknown>).duration;
  return typeof duration === 'number' && duration > 0;
}

/**
 * Whether animated media (gifv, animated images) play in the timeline without being hovered: the reader's
 * "Autoplay animated GIFs", unless they or their system asked for less motion.
 */
export function animatesByItself(
  reading: { autoplayGifs: boolean; reduceMotion: boolean },
  systemReducesMotion: boolean,
): boolean {
  return reading.autoplayGifs && !reading.reduceMotion && !systemReducesMotion;
}

/**
 * What an image tile shows: an animated image's original file while it plays (by itself, or while hovered),
 * else the still preview (the original when there is none).
 */
export function imageTileSource(media: MediaAttachment, playing: boolean): string {
  if (playing && isAnimatedImage(media)) return media.url;
  return media.preview_url ?? media.url;
}
