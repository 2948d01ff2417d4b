import { z } from './zod.js';

export * from './messaging-constants.js';

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
 * videos (ALLOWED_MEDIA_TYPES); audio is for posts; `unknown` is a remote post's file from a server whose media
 * the admin rejects (a link to it).
 */
export const messageMediaSchema = z.object({
  id: z.string(),
  type: z.enum(['image', 'video', 'audio', 'unknown']),
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
  /** an encrypted chat's message: `content` is "" (the client shows what it decrypted itself) */
  encrypted: z.boolean().optional(),
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
  /** end-to-end encrypted (MLS, docs/E2EE-API.md): its messages travel as /api/v1/e2ee envelopes */
  encrypted: z.boolean().optional(),
  /** the MLS group id (base64), null for a plain chat */
  mls_group_id: z.string().nullable().optional(),
  /** the MLS group's current epoch */
  mls_epoch: z.number().int().optional(),
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
  /** an encrypted chat: the plaintext the reporter's client reveals to the moderators */
  revealed_messages: z
    .array(
      z.object({
        message_id: z.string().max(200),
        sender_id: nonEmptyId,
        content: z.string().max(5000),
        created_at: z.string().max(40),
      }),
    )
    .max(20)
    .optional()
    .default([]),
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
  | 'conversation_updated'
  // encrypted chats (docs/E2EE-API.md, "Streaming")
  | 'e2ee_message'
  | 'e2ee_ephemeral'
  | 'e2ee_pending_removals'
  | 'e2ee_devices_changed';

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
