import type { MediaAttachment } from '@palchat/api';

/** The aspect ratios a lone attachment's tile may take: tall portraits and panoramas are cropped to these. */
const MIN_SINGLE_RATIO = 3 / 4;
const MAX_SINGLE_RATIO = 2;
const DEFAULT_RATIO = 16 / 9;

function numberIn(value: unknown, key: string): number | null {
  if (typeof value !== 'object' || value === null) return null;
  const found = (value as Record<string, unknown>)[key];
  return typeof found === 'number' && Number.isFinite(found) ? found : null;
}

/** The original's width / height from Mastodon's `meta.original` (or the flat width and height). */
export function mediaRatio(media: MediaAttachment): number | null {
  const original = media.meta?.original ?? media.meta;
  const width = numberIn(original, 'width');
  const height = numberIn(original, 'height');
  return width && height ? width / height : null;
}

/** The tile's aspect ratio when the attachment is alone in its gallery: its own, within bounds. */
export function singleTileRatio(media: MediaAttachment): number {
  const ratio = mediaRatio(media) ?? DEFAULT_RATIO;
  return Math.min(MAX_SINGLE_RATIO, Math.max(MIN_SINGLE_RATIO, ratio));
}

/**
 * The CSS object-position of the attachment's focal point (`meta.focus`, x and y from -1 to 1, y upwards, as in
 * Mastodon), so that cropping keeps the point in view; undefined (centred) without one.
 */
export function focusPosition(media: MediaAttachment): string | undefined {
  const focus = media.meta?.focus;
  const x = numberIn(focus, 'x');
  const y = numberIn(focus, 'y');
  if (x === null || y === null) return undefined;
  const clamp = (value: number) => Math.min(1, Math.max(-1, value));
  const percent = (value: number) => `${Math.round(((value + 1) / 2) * 1000) / 10}%`;
  return `${percent(clamp(x))} ${percent(-clamp(y))}`;
}
