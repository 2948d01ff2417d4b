import type { Config } from '../config.js';

export const MISSING_AVATAR = '/avatars/original/missing.png';
export const MISSING_HEADER = '/headers/original/missing.png';

/** Absolute URL of a stored media file (path relative to the media folder), or of a fallback asset. */
export function mediaUrl(
  config: Pick<Config, 'publicUrl'>,
  storedPath: string | null,
  fallback: string,
): string {
  return `${config.publicUrl}${storedPath ? `/system/${storedPath}` : fallback}`;
}

/** A profile image: the stored file, else a remote account's image on its own server, else the fallback. */
export const avatarUrl = (
  config: Pick<Config, 'publicUrl'>,
  account: { avatar_path: string | null; avatar_remote_url?: string | null },
) =>
  (!account.avatar_path && account.avatar_remote_url) ||
  mediaUrl(config, account.avatar_path, MISSING_AVATAR);

export const headerUrl = (
  config: Pick<Config, 'publicUrl'>,
  account: { header_path: string | null; header_remote_url?: string | null },
) =>
  (!account.header_path && account.header_remote_url) ||
  mediaUrl(config, account.header_path, MISSING_HEADER);
