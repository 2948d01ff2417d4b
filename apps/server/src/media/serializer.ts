import type { MessageMedia } from '@palchat/api';
import type { Config } from '../config.js';
import type { MediaAttachmentsTable } from '../db/schema.js';

const fileUrl = (config: Pick<Config, 'publicUrl'>, storedPath: string): string =>
  `${config.publicUrl}/system/${storedPath}`;

/**
 * Mastodon's MediaAttachment entity; meta carries width/height flat (message box) and nested (Mastodon), and
 * the focal point once one is set.
 */
export function serializeMedia(config: Pick<Config, 'publicUrl'>, row: MediaAttachmentsTable): MessageMedia {
  const url = fileUrl(config, row.file_path);
  const size = row.width && row.height ? { width: row.width, height: row.height } : null;
  const focus = row.focus_x !== null && row.focus_y !== null ? { x: row.focus_x, y: row.focus_y } : null;
  return {
    id: row.id,
    type: row.type,
    url,
    preview_url: row.thumbnail_path ? fileUrl(config, row.thumbnail_path) : row.type === 'image' ? url : null,
    remote_url: null,
    meta: {
      width: row.width,
      height: row.height,
      ...(size ? { original: size, small: size } : {}),
      ...(focus ? { focus } : {}),
    },
    description: row.description,
    blurhash: row.blurhash,
  };
}
