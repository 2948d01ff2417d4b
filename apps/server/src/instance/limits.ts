import { STATUS_MEDIA_TYPES } from '@palchat/api';

/** What the server accepts, announced in the instance configuration (Mastodon's defaults where they apply). */
export const STATUS_MAX_CHARACTERS = 500;
export const STATUS_MAX_MEDIA_ATTACHMENTS = 4;
export const CHARACTERS_RESERVED_PER_URL = 23;
/** Images and videos (as in the message box) and, for posts, audio: MP3, Ogg, WAV, FLAC, M4A. */
export const SUPPORTED_MIME_TYPES: string[] = [...STATUS_MEDIA_TYPES];
/** Largest image upload in bytes: advertised as image_size_limit and enforced by POST /api/v{1,2}/media. */
export const IMAGE_SIZE_LIMIT = 16 * 1024 * 1024;
/** Most pixels in an image: advertised as image_matrix_limit, checked before any image is decoded. */
export const IMAGE_MATRIX_LIMIT = 33_177_600;
/**
 * Largest video or audio upload in bytes (as on Mastodon, audio has the video limit): advertised as
 * video_size_limit and enforced by POST /api/v{1,2}/media.
 */
export const VIDEO_SIZE_LIMIT = 99 * 1024 * 1024;
export const VIDEO_FRAME_RATE_LIMIT = 120;
export const VIDEO_MATRIX_LIMIT = 8_294_400;
export const MEDIA_DESCRIPTION_LIMIT = 1500;
export const POLL_MAX_OPTIONS = 4;
export const POLL_MAX_CHARACTERS_PER_OPTION = 50;
export const POLL_MIN_EXPIRATION = 300;
export const POLL_MAX_EXPIRATION = 2_629_746;
export const MAX_FEATURED_TAGS = 10;
export const MAX_PINNED_STATUSES = 5;
/** "monthly active users": SPEC §9 Active users window */
export const ACTIVE_USERS_WINDOW_DAYS = 30;

export const PALCHAT_VERSION = '0.1.0';
/**
 * Clients branch on the Mastodon version they see, so we announce the release whose client API we implement:
 * Mastodon 4.6 (Collections), with 4.5's quote posts, allowed_mentions, timelines_access, and 4.4's
 * endorsements, OAuth metadata, PKCE and the rest.
 */
export const INSTANCE_VERSION = `4.6.0 (compatible; Palchat ${PALCHAT_VERSION})`;
/**
 * Mastodon's machine-readable API level of that release (api_versions.mastodon: 4.3.0 is 2, 4.4.0 is 6, 4.5.0 is
 * 7, 4.6.0 is 10: Collections are "added in API version 10").
 */
export const MASTODON_API_VERSION = 10;
