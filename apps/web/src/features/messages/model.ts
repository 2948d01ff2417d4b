/**
 * The messaging entities as the box uses them (SPEC §3). They mirror the server's JSON; the shared zod schemas
 * in @palchat/api describe the same shapes.
 */
export interface ChatUser {
  id: string;
  username: string;
  display_name: string;
  avatar: string;
  verified?: boolean;
  acct?: string;
  is_online?: boolean;
}

export interface ChatMedia {
  id: string;
  type: string;
  url: string;
  preview_url?: string | null;
}

export interface LastMessage {
  id: string;
  content: string;
  sender_username: string;
  sender_id: string;
  is_system_message: boolean;
  created_at: string;
  media_attachments: ChatMedia[];
}

export interface Conversation {
  id: string;
  name: string | null;
  is_group: boolean;
  partner: ChatUser | null;
  participants: ChatUser[];
  last_message: LastMessage | null;
  unread_count: number;
  updated_at: string;
  current_user_is_admin: boolean;
  creator_id: string | null;
}

export interface Reaction {
  emoji: string;
  count?: number;
  users?: ChatUser[];
  userIds?: string[];
  account?: ChatUser;
}

export interface ReplyPreview {
  id: string;
  sender: ChatUser | null;
  content: string;
  media_attachments: ChatMedia[];
}

export interface Message {
  /** empty while the message is still being sent (read receipt 'sent') */
  id: string;
  conversation_id: string;
  content: string;
  created_at: string;
  sender: ChatUser;
  sender_username: string;
  is_system_message: boolean;
  reply_to_message_id: string | null;
  reply_to: ReplyPreview | null;
  media_attachments: ChatMedia[];
  reactions: Reaction[];
  read_by: string[];
  deleted_by_user_ids?: string[];
  can_delete: boolean;
  /** client-only key of a message still being sent */
  local_key?: string;
}

export interface ConversationPage {
  conversation: Conversation;
  messages: Message[];
  has_more: boolean;
}

export interface BlockStatus {
  is_blocked_by_me: boolean;
  is_blocked_by_them: boolean;
}

export interface Preferences {
  typing_indicator_enabled: boolean;
  read_receipts_enabled: boolean;
  active_status_enabled: boolean;
}

export type ConversationSettingName = 'typing_indicator_enabled' | 'read_receipts_enabled';

export interface ConversationSettings {
  global_settings: Pick<Preferences, ConversationSettingName>;
  effective_settings: Pick<Preferences, ConversationSettingName>;
  conversation_overrides: Record<ConversationSettingName, boolean | null>;
  has_overrides: boolean;
}

export interface SearchResult {
  id: string;
  conversation_id: string;
  content: string;
  created_at: string;
  sender?: ChatUser;
  sender_username?: string;
  conversation_name?: string | null;
}

export interface SearchPage {
  results: SearchResult[];
  total_count: number;
  has_more: boolean;
}

export interface TypingEntry {
  user_id: string;
  username?: string | null;
  display_name?: string | null;
  conversation_id: string;
  timestamp: number;
}

export type ReportReason =
  | 'spam'
  | 'harassment'
  | 'hate_speech'
  | 'inappropriate_content'
  | 'threats'
  | 'impersonation'
  | 'other';
