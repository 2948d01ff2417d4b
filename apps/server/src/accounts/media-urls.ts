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

export const avatarUrl = (config: Pick<Config, 'publicUrl'>, account: { avatar_path: string | null }) =>
  mediaUrl(config, account.avatar_path, MISSING_AVATAR);

export const headerUrl = (config: Pick<Config, 'publicUrl'>, account: { header_path: string | null }) =>
  mediaUrl(config, account.header_path, MISSING_HEADER);
