/**
 * The messaging entities as the box uses them (SPEC §3): the shared schemas of @palchat/api, plus the client-only
 * parts (a message still being sent, typing entries).
 */
import type { Message as ServerMessage, ConversationPage as ServerConversationPage } from '@palchat/api';

export type {
  BlockStatus,
  Conversation,
  ConversationSettings,
  LastMessage,
  MessageMedia,
  MessageSearchResults,
  MessageSender,
  Participant,
  Preferences,
  Reaction,
  ServerStreamMessage,
} from '@palchat/api';

export type Message = ServerMessage & {
  /** client-only key of a message still being sent (its id is '' until the server answers) */
  local_key?: string;
};

export type ConversationPage = Omit<ServerConversationPage, 'messages'> & { messages: Message[] };

export type ConversationSettingName = 'typing_indicator_enabled' | 'read_receipts_enabled';

export type SearchResult = ServerMessage & { conversation_name: string | null };

export interface TypingEntry {
  user_id: string;
  username?: string | null;
  display_name?: string | null;
  conversation_id: string;
  /** when the entry was last refreshed (ms since epoch, client clock) */
  timestamp: number;
}
