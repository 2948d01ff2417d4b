import { z } from './zod.js';

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
  blockedByMe: 'blocked_by_me',
  blockedByThem: 'blocked_by_them',
  unsupportedMedia: 'unsupported_media',
} as const;

// ---- entities (SPEC §3) ----

export const participantSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string(),
  acct: z.string(),
  verified: z.boolean(),
  is_online: z.boolean(),
});
export type Participant = z.infer<typeof participantSchema>;

export const messageSenderSchema = z.object({
  id: z.string(),
  username: z.string(),
  display_name: z.string(),
  avatar: z.string(),
});
export type MessageSender = z.infer<typeof messageSenderSchema>;

/** Mastodon's meta.original / meta.small: the size ("WxH", width / height) and, for what plays, its length. */
export const mediaSizeSchema = z.object({
  width: z.number().int().optional(),
  height: z.number().int().optional(),
  size: z.string().optional(),
  aspect: z.number().optional(),
  /** seconds: a video, an audio file, or one loop of an animated image */
  duration: z.number().optional(),
});
export type MediaSize = z.infer<typeof mediaSizeSchema>;

export const mediaMetaSchema = z.object({
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  original: mediaSizeSchema.optional(),
  small: mediaSizeSchema.optional(),
  /** Mastodon's focal point, each from -1 to 1 */
  focus: z.object({ x: z.number(), y: z.number() }).optional(),
});

/**
 * Mastodon's MediaAttachment, restricted to what this server stores. Messages only ever carry images and
 * videos (ALLOWED_MEDIA_TYPES); audio is for posts.
 */
export const messageMediaSchema = z.object({
  id: z.string(),
  type: z.enum(['image', 'video', 'audio']),
  url: z.string(),
  preview_url: z.string().nullable(),
  remote_url: z.string().nullable(),
  meta: mediaMetaSchema,
  description: z.string().nullable(),
  blurhash: z.string().nullable(),
});
export type MessageMedia = z.infer<typeof messageMediaSchema>;

export const reactionSchema = z.object({
  emoji: z.string(),
  count: z.number().int(),
  users: z.array(z.object({ id: z.string(), username: z.string(), display_name: z.string() })),
  userIds: z.array(z.string()),
});
export type Reaction = z.infer<typeof reactionSchema>;

export const replyPreviewSchema = z.object({
  id: z.string(),
  sender: messageSenderSchema,
  content: z.string(),
  media_attachments: z.array(messageMediaSchema),
});

export const messageSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  content: z.string(),
  created_at: z.string(),
  sender: messageSenderSchema,
  sender_id: z.string(),
  sender_username: z.string(),
  is_system_message: z.boolean(),
  reply_to_message_id: z.string().nullable(),
  reply_to: replyPreviewSchema.nullable(),
  media_attachments: z.array(messageMediaSchema),
  reactions: z.array(reactionSchema),
  /** ids of the participants (never the sender) who read the message with read receipts on */
  read_by: z.array(z.string()),
  /** only ever the viewer's own id, when the viewer hid the message */
  deleted_by_user_ids: z.array(z.string()),
  can_delete: z.boolean(),
});
export type Message = z.infer<typeof messageSchema>;

export const lastMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  sender_username: z.string(),
  sender_id: z.string(),
  is_system_message: z.boolean(),
  created_at: z.string(),
  media_attachments: z.array(messageMediaSchema),
});
export type LastMessage = z.infer<typeof lastMessageSchema>;

export const conversationSchema = z.object({
  id: z.string(),
  name: z.string().nullable(),
  is_group: z.boolean(),
  isGroup: z.boolean(),
  partner: participantSchema.nullable(),
  participants: z.array(participantSchema),
  last_message: lastMessageSchema.nullable(),
  unread_count: z.number().int(),
  updated_at: z.string(),
  created_at: z.string(),
  current_user_is_admin: z.boolean(),
  creator_id: z.string().nullable(),
  /** the current owner of a group (may differ from the creator after a transfer) */
  admin_id: z.string().nullable(),
});
export type Conversation = z.infer<typeof conversationSchema>;

export const conversationPageSchema = z.object({
  conversation: conversationSchema,
  messages: z.array(messageSchema),
  has_more: z.boolean(),
});
export type ConversationPage = z.infer<typeof conversationPageSchema>;

export const blockStatusSchema = z.object({ is_blocked_by_me: z.boolean(), is_blocked_by_them: z.boolean() });
export type BlockStatus = z.infer<typeof blockStatusSchema>;

export const preferencesSchema = z.object({
  typing_indicator_enabled: z.boolean(),
  read_receipts_enabled: z.boolean(),
  active_status_enabled: z.boolean(),
});
export type Preferences = z.infer<typeof preferencesSchema>;
export const DEFAULT_PREFERENCES: Preferences = {
  typing_indicator_enabled: true,
  read_receipts_enabled: true,
  active_status_enabled: true,
};

export const conversationSettingsSchema = z.object({
  global_settings: preferencesSchema,
  effective_settings: z.object({ typing_indicator_enabled: z.boolean(), read_receipts_enabled: z.boolean() }),
  conversation_overrides: z.object({
    typing_indicator_enabled: z.boolean().nullable(),
    read_receipts_enabled: z.boolean().nullable(),
  }),
  has_overrides: z.boolean(),
});
export type ConversationSettings = z.infer<typeof conversationSettingsSchema>;

export const messageSearchResultsSchema = z.object({
  results: z.array(messageSchema.extend({ conversation_name: z.string().nullable() })),
  total_count: z.number().int(),
  has_more: z.boolean(),
});
export type MessageSearchResults = z.infer<typeof messageSearchResultsSchema>;

// ---- request bodies ----

const nonEmptyId = z.string().regex(/^\d{1,18}$/, 'is not a valid id');

export const sendMessageBodySchema = z.object({
  conversation_id: nonEmptyId.optional(),
  recipient_id: nonEmptyId.optional(),
  content: z.string().optional().default(''),
  media_ids: z.array(nonEmptyId).optional().default([]),
  reply_to_message_id: nonEmptyId.nullable().optional(),
});
export type SendMessageBody = z.input<typeof sendMessageBodySchema>;

export const createConversationBodySchema = z.object({
  name: z.string().nullable().optional(),
  participant_ids: z.array(nonEmptyId).default([]),
});
export const renameBodySchema = z.object({ name: z.string().optional().default('') });
export const participantIdsBodySchema = z.object({ participant_ids: z.array(nonEmptyId).default([]) });
export const transferOwnershipBodySchema = z.object({ new_owner_id: nonEmptyId });
export const reportBodySchema = z.object({
  reason: z.string().optional().default(''),
  details: z.string().max(1000).optional().default(''),
  message_ids: z.array(nonEmptyId).optional().default([]),
});
export const reactBodySchema = z.object({ emoji: z.string() });
export const preferencesPatchSchema = preferencesSchema.partial();
export const settingsPatchSchema = z.object({
  typing_indicator_enabled: z.boolean().nullable().optional(),
  read_receipts_enabled: z.boolean().nullable().optional(),
});

// ---- streaming ----

export const typingPayloadSchema = z.object({
  conversation_id: z.string(),
  user_id: z.string(),
  username: z.string(),
  display_name: z.string(),
  timestamp: z.string(),
});
export type TypingPayload = z.infer<typeof typingPayloadSchema>;
export const messageReadPayloadSchema = z.object({
  conversation_id: z.string(),
  user_id: z.string(),
  message_ids: z.array(z.string()),
});
export type MessageReadPayload = z.infer<typeof messageReadPayloadSchema>;
export const reactionUpdatePayloadSchema = z.object({
  id: z.string(),
  conversation_id: z.string(),
  reactions: z.array(reactionSchema),
});
export type ReactionUpdatePayload = z.infer<typeof reactionUpdatePayloadSchema>;
export const conversationUpdatedPayloadSchema = z.object({ conversation_id: z.string() });
export type ConversationUpdatedPayload = z.infer<typeof conversationUpdatedPayloadSchema>;

export type MessagingStreamEvent =
  | 'friend_message'
  | 'typing_start'
  | 'typing_stop'
  | 'message_read'
  | 'message_reaction_update'
  | 'conversation_updated';

/** What the client sends over the WebSocket. */
export const clientStreamMessageSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.enum(['subscribe', 'unsubscribe']),
    stream: z.string(),
    tag: z.string().optional(),
    list: z.string().optional(),
  }),
  z.object({ type: z.literal('active_status'), stream: z.string().optional(), is_active: z.boolean() }),
  z.object({
    type: z.enum(['typing_start', 'typing_stop']),
    stream: z.string().optional(),
    conversation_id: z.string(),
  }),
]);
export type ClientStreamMessage = z.infer<typeof clientStreamMessageSchema>;

/** What the server sends over the WebSocket: payload is a JSON string. */
export interface ServerStreamMessage {
  stream: string[];
  event: string;
  payload: string;
}
