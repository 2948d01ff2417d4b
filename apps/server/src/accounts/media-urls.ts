import { storedFileUrl, type MediaUrlConfig } from '../media/urls.js';

export const MISSING_AVATAR = '/avatars/original/missing.png';
export const MISSING_HEADER = '/headers/original/missing.png';

/** Absolute URL of a stored media file (its media store key), or of a fallback asset of this server. */
export function mediaUrl(config: MediaUrlConfig, storedPath: string | null, fallback: string): string {
  return storedPath ? storedFileUrl(config, storedPath) : `${config.publicUrl}${fallback}`;
}

/** A profile image: the stored file, else a remote account's image on its own server, else the fallback. */
export const avatarUrl = (
  config: MediaUrlConfig,
  account: { avatar_path: string | null; avatar_remote_url?: string | null },
) =>
  (!account.avatar_path && account.avatar_remote_url) ||
  mediaUrl(config, account.avatar_path, MISSING_AVATAR);

export const headerUrl = (
  config: MediaUrlConfig,
  account: { header_path: string | null; header_remote_url?: string | null },
) =>
  (!account.header_path && account.header_remote_url) ||
  mediaUrl(config, account.header_path, MISSING_HEADER);
