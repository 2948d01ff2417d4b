/** SPEC §9: the numbers the message box lives by. */
export const MAX_MESSAGE_LENGTH = 1000;
export const MAX_ATTACHMENTS = 4;
export const PREVIEW_LENGTH = 50;
export const UNREAD_BADGE_MAX = 99;
export const SEARCH_DEBOUNCE_MS = 300;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_PAGE_SIZE = 20;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const TYPING_STOP_MS = 3000;
export const TYPING_EXPIRE_MS = 5000;
export const TYPING_STALE_MS = 4000;
export const NOTIFICATION_MS = 3000;
export const HIGHLIGHT_MS = 2000;
export const SCROLL_BOTTOM_THRESHOLD_PX = 100;
export const RECONNECT_MS = 3000;
export const MARK_READ_DELAY_MS = 100;
export const GROUPING_BUCKET_MS = 60_000;
export const GROUP_MIN_PEOPLE = 3;
export const INPUT_MAX_HEIGHT_PX = 120;
export const MESSAGE_PAGE_SIZE = 50;

/** heart, thumbs up, laughing, surprised, angry */
export const REACTION_EMOJIS = ['❤️', '👍', '😂', '😮', '😠'] as const;

export const ALLOWED_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
] as const;

export const REPORT_REASONS = [
  'spam',
  'harassment',
  'hate_speech',
  'inappropriate_content',
  'threats',
  'impersonation',
  'other',
] as const;
