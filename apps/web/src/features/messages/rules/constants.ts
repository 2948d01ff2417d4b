/** SPEC §9: the numbers the message box lives by (the shared ones come from @palchat/api). */
export {
  ALLOWED_MEDIA_TYPES,
  CONVERSATION_PAGE_SIZE,
  CONVERSATION_REPORT_REASONS,
  GROUP_MIN_PEOPLE,
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  PREVIEW_LENGTH,
  REACTION_EMOJIS,
  EXTRA_REACTION_EMOJIS,
  SEARCH_MIN_LENGTH,
  SEARCH_PAGE_SIZE,
} from '@palchat/api';

export const UNREAD_BADGE_MAX = 99;
/** the most messages a report reveals of an encrypted chat (the server accepts 20, as many as it keeps of a plain one) */
export const REPORT_REVEAL_MAX = 20;
export const SEARCH_DEBOUNCE_MS = 300;
export const USER_SEARCH_DEBOUNCE_MS = 300;
export const TYPING_STOP_MS = 3000;
export const TYPING_EXPIRE_MS = 5000;
export const TYPING_STALE_MS = 4000;
export const HIGHLIGHT_MS = 2000;
export const SCROLL_BOTTOM_THRESHOLD_PX = 100;
export const MARK_READ_DELAY_MS = 100;
export const GROUPING_BUCKET_MS = 60_000;
export const INPUT_MAX_HEIGHT_PX = 120;
