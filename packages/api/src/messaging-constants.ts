// The messaging constants with no schema attached: the message box reads them without loading zod.
import type { Preferences } from './messaging.js';

/** SPEC §9 limits shared by the message box and the server. */
export const MESSAGE_MAX_LENGTH = 1000;
export const MAX_ATTACHMENTS = 4;
export const PREVIEW_LENGTH = 50;
export const SEARCH_MIN_LENGTH = 2;
export const SEARCH_PAGE_SIZE = 20;
export const GROUP_MIN_PEOPLE = 3;
export const CONVERSATION_PAGE_SIZE = 50;
export const CONVERSATION_PAGE_MAX = 200;

/** The five quick reactions of SPEC §9: heart, thumbs up, laughing, surprised, angry. */
export const REACTION_EMOJIS = ['❤️', '👍', '😂', '😮', '😠'] as const;
/** The further reaction list; every emoji here is accepted as well. */
export const EXTRA_REACTION_EMOJIS = [
  '😀',
  '😁',
  '😊',
  '😍',
  '🥰',
  '😘',
  '😎',
  '🤔',
  '😢',
  '😭',
  '😡',
  '🙏',
  '👏',
  '🙌',
  '👎',
  '🔥',
  '🎉',
  '💯',
  '✨',
  '💔',
  '🤣',
  '😅',
] as const;
export const ALL_REACTION_EMOJIS: readonly string[] = [...REACTION_EMOJIS, ...EXTRA_REACTION_EMOJIS];

export const CONVERSATION_REPORT_REASONS = [
  'spam',
  'harassment',
  'hate_speech',
  'inappropriate_content',
  'threats',
  'impersonation',
  'other',
] as const;
/** User reports accept one more reason. */
export const USER_REPORT_REASONS = [...CONVERSATION_REPORT_REASONS, 'fraud'] as const;
export const REPORT_REASONS = USER_REPORT_REASONS;
export type ReportReason = (typeof USER_REPORT_REASONS)[number];

export const ALLOWED_MEDIA_TYPES = [
  'image/jpeg',
  'image/png',
  'image/gif',
  'image/webp',
  'video/mp4',
  'video/webm',
] as const;

/**
 * The audio types posts (not messages) also take, under the names browsers and clients give them: MP3, Ogg,
 * WAV, FLAC and M4A. The server tells them by their content, whatever the name.
 */
export const AUDIO_MEDIA_TYPES = [
  'audio/mpeg',
  'audio/mp3',
  'audio/ogg',
  'audio/wav',
  'audio/wave',
  'audio/x-wav',
  'audio/flac',
  'audio/x-flac',
  'audio/mp4',
  'audio/m4a',
  'audio/x-m4a',
] as const;

/** What posts take (the instance's supported_mime_types): the message box's types and audio. */
export const STATUS_MEDIA_TYPES = [...ALLOWED_MEDIA_TYPES, ...AUDIO_MEDIA_TYPES] as const;

/** Exact user-visible texts of SPEC §5 and §8, and the server's own error texts, shared by client and server. */
export const MessagingText = {
  blockedByMe: 'You have blocked this user. Unblock them to send messages.',
  blockedByThem: 'This user has blocked you. You cannot send messages.',
  blockedPlaceholder: 'Cannot send messages (user blocked)',
  tooManyFiles: 'You can select up to 4 files only.',
  unsupportedFilesAdded:
    'Some files were not added. Only images (JPEG, PNG, GIF, WebP) and videos (MP4, WebM) are allowed.',
  unsupportedMedia: 'Only images (JPEG, PNG, GIF, WebP) and videos (MP4, WebM) are allowed.',
  groupNameRequired: 'Please enter a group chat name.',
  groupMinUsers: 'Please select at least 2 users to create a group chat.',
  groupMinAdditional: 'Please select at least 1 additional person to create a group.',
  mutualFollow:
    'You can only create groups with people you mutually follow. Please contact an administrator if you need assistance.',
  mutualFollowTitle: 'Cannot Create Group',
  adminMustTransfer: 'As group admin, you must transfer ownership before leaving or dissolve the group.',
  accessDeniedTitle: 'Access Denied',
  onlyAdminsManage: 'Only group admins can manage participants.',
  onlyAdminsRename: 'Only group admins can rename the group.',
  onlyAdminsDissolve: 'Only group admins can delete the group.',
  onlyAdminsTransfer: 'Only group admins can transfer ownership.',
  cannotRemoveSelf: 'You cannot remove yourself from the group. Transfer ownership first.',
  cannotTransferToSelf: 'You cannot transfer ownership to yourself.',
  newOwnerNotParticipant: 'The new owner must be a participant of this group.',
  /** groups across servers (docs/FEDERATION.md): the group lives on its creator's server */
  newOwnerNotLocal: 'Ownership can only go to a participant on the group’s own server.',
  groupNotSupportedBy: (acct: string) =>
    `@${acct} is on a server that does not support group chats. You can message them one to one.`,
  notAParticipant: 'That user is not a participant of this group.',
  alreadyParticipant: 'That user is already a participant of this group.',
  selectPeopleToAdd: 'Please select at least one person to add.',
  selectParticipants: 'Please select at least one participant to remove.',
  messageEmpty: 'Message cannot be empty.',
  messageTooLong: 'Message is too long (maximum is 1000 characters).',
  mediaNotFound: 'Media attachment not found.',
  mediaAlreadyUsed: 'Media attachment has already been used.',
  replyNotInConversation: 'The message you are replying to is not in this conversation.',
  cannotMessageSelf: 'You cannot send messages to yourself.',
  recipientRequired: 'Either conversation_id or recipient_id is required.',
  userNotFound: 'User not found',
  conversationNotFound: 'Conversation not found',
  removedFromGroup: 'You were removed from this group.',
  messageNotFound: 'Message not found',
  systemMessageDelete: 'System messages cannot be deleted.',
  reactionUnsupported: 'This reaction is not supported.',
  searchTooShort: 'Search query must be at least 2 characters.',
  reportReasonRequired: 'Please select a reason for the report.',
  blockOnlyDirect: 'Blocking is only available in one-to-one conversations.',
  notAGroup: 'This action is only available in group conversations.',
  noFile: 'No file was uploaded.',
  fileTooLarge: 'File is too large.',
  settingRequired: 'Provide one setting: typing_indicator_enabled or read_receipts_enabled.',
  preferenceRequired:
    'Provide at least one of typing_indicator_enabled, read_receipts_enabled, active_status_enabled.',
  typingDefaultName: 'Someone',
  /** client fallbacks of SPEC §8 */
  searchFailed: 'Search failed',
  failedUpdateSetting: 'Failed to update setting',
  failedLeaveGroup: 'Failed to leave group',
  failedTransferOwnership: 'Failed to transfer ownership',
  failedSubmitReport: 'Failed to submit report',
  failedBlockUser: 'Failed to block user',
  failedUnblockUser: 'Failed to unblock user',
  failedRemoveParticipant: 'Failed to remove participant',
  failedAddParticipants: 'Failed to add participants',
  failedDeleteMessage: 'Failed to delete message',
  failedDeleteConversation: 'Failed to delete conversation',
  failedUpdateGroupName: 'Failed to update group name',
  failedUploadMedia: 'Failed to upload media',
  failedAddReaction: 'Failed to add reaction',
  failedSavePreference: 'Failed to save preference',
  failedSendMessagePrefix: 'Failed to send message: ',
} as const;

/** Machine-readable `code` values of messaging errors. */
export const MessagingErrorCode = {
  mutualFollow: 'mutual_follow',
  transferOwnershipRequired: 'transfer_ownership_required',
  notGroupAdmin: 'not_group_admin',
  groupNotSupported: 'group_not_supported',
  blockedByMe: 'blocked_by_me',
  blockedByThem: 'blocked_by_them',
  unsupportedMedia: 'unsupported_media',
  removedFromGroup: 'removed_from_group',
} as const;

/** SPEC §8: failed preference loading defaults all three to on. */
export const DEFAULT_PREFERENCES: Preferences = {
  typing_indicator_enabled: true,
  read_receipts_enabled: true,
  active_status_enabled: true,
};
