import type { MediaSize, MessageMedia } from '@palchat/api';
import type { MediaAttachmentsTable } from '../db/schema.js';
import { storedFileUrl, type MediaUrlConfig } from './urls.js';

/** Mastodon's meta.original / meta.small entry: width, height, "WxH" and aspect, and the length when known. */
function sizeEntry(
  width: number | null,
  height: number | null,
  duration: number | null = null,
): MediaSize | null {
  const entry: MediaSize = {};
  if (width && height)
    Object.assign(entry, { width, height, size: `${width}x${height}`, aspect: width / height });
  if (duration) entry.duration = duration;
  return Object.keys(entry).length ? entry : null;
}

/**
 * Mastodon's MediaAttachment entity; meta carries width/height flat (message box) and nested (Mastodon):
 * `original` with the length of a video, an audio file or an animated image's loop, `small` the preview's
 * size (the original's for uploads stored before previews were measured), and the focal point once one is
 * set.
 */
export function serializeMedia(config: MediaUrlConfig, row: MediaAttachmentsTable): MessageMedia {
  // remote media not cached here: served from its server, as Mastodon does before it fetches the file
  const url = row.file_path ? storedFileUrl(config, row.file_path) : (row.remote_url ?? '');
  const original = sizeEntry(row.width, row.height, row.duration);
  const small =
    row.preview_width && row.preview_height
      ? sizeEntry(row.preview_width, row.preview_height)
      : row.type === 'image'
        ? sizeEntry(row.width, row.height)
        : null;
  const focus = row.focus_x !== null && row.focus_y !== null ? { x: row.focus_x, y: row.focus_y } : null;
  return {
    id: row.id,
    type: row.type,
    url,
    preview_url: row.thumbnail_path
      ? storedFileUrl(config, row.thumbnail_path)
      : row.type === 'image'
        ? url
        : null,
    remote_url: row.remote_url ?? null,
    meta: {
      width: row.width,
      height: row.height,
      ...(original ? { original } : {}),
      ...(small ? { small } : {}),
      ...(focus ? { focus } : {}),
    },
    description: row.description,
    blurhash: row.blurhash,
  };
}
