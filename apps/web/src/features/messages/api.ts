import { api } from '../../api/client';
import type {
  BlockStatus,
  Conversation,
  ConversationPage,
  ConversationSettingName,
  ConversationSettings,
  Message,
  MessageMedia,
  MessageSearchResults,
  Participant,
  Preferences,
} from './model';
import type { ChatPageParam } from './data/window';
import { CONVERSATION_PAGE_SIZE, SEARCH_PAGE_SIZE } from './rules/constants';

/** Every call of SPEC §7 the message box makes, typed. */
const base = '/api/v1/friend_messages';
const conv = (id: string) => `${base}/conversations/${encodeURIComponent(id)}`;

/** The badge's figures, served without the list. */
export interface UnreadTotals {
  unread_count: number;
  conversations_with_unread: number;
}

/** A decrypted message of an encrypted chat that its reporter shows the moderators (docs/E2EE-API.md, Reports). */
export interface RevealedMessage {
  message_id: string;
  sender_id: string;
  content: string;
  created_at: string;
}

export interface SendMessageInput {
  conversation_id?: string;
  recipient_id?: string;
  content: string;
  media_ids: string[];
  reply_to_message_id?: string | null;
}

export const messagingApi = {
  preferences: () => api.get<Preferences>(`${base}/preferences`),
  updatePreference: (patch: Partial<Preferences>) => api.patch<unknown>(`${base}/preferences`, patch),

  /** a page of the list, newest first: the first (20) or the page a previous one's `next` link names */
  conversations: (next?: string, signal?: AbortSignal) =>
    api.page<Conversation>(next ?? `${base}/conversations`, { signal }),
  unreadCount: (signal?: AbortSignal) => api.get<UnreadTotals>(`${base}/unread_count`, { signal }),
  conversation: (id: string, page: ChatPageParam, signal?: AbortSignal) =>
    api.get<ConversationPage>(conv(id), { query: { limit: CONVERSATION_PAGE_SIZE, ...page }, signal }),
  createGroup: (name: string, participantIds: string[]) =>
    api.post<Conversation>(`${base}/conversations`, { name, participant_ids: participantIds }),
  rename: (id: string, name: string) => api.put<unknown>(conv(id), { name }),
  deleteConversation: (id: string) => api.delete<unknown>(conv(id)),
  leave: (id: string) => api.post<unknown>(`${conv(id)}/leave_group`),
  transferOwnership: (id: string, newOwnerId: string) =>
    api.post<unknown>(`${conv(id)}/transfer_ownership`, { new_owner_id: newOwnerId }),
  report: (id: string, reason: string, details: string, revealed?: RevealedMessage[]) =>
    api.post<unknown>(`${conv(id)}/report`, { reason, details, revealed_messages: revealed }),
  block: (id: string) => api.post<unknown>(`${conv(id)}/block_user`),
  unblock: (id: string) => api.post<unknown>(`${conv(id)}/unblock_user`),
  blockStatus: (id: string) => api.get<BlockStatus>(`${conv(id)}/check_block_status`),
  addParticipants: (id: string, ids: string[]) =>
    api.post<unknown>(`${conv(id)}/add_participants`, { participant_ids: ids }),
  removeParticipants: (id: string, ids: string[]) =>
    api.post<unknown>(`${conv(id)}/remove_participants`, { participant_ids: ids }),
  markRead: (id: string) =>
    api.post<{ success: boolean; conversation?: { unread_count: number } }>(`${conv(id)}/mark_read`),
  settings: (id: string) => api.get<ConversationSettings>(`${conv(id)}/settings`, { bearer: true }),
  updateSetting: (id: string, name: ConversationSettingName, value: boolean | null) =>
    api.patch<ConversationSettings>(`${conv(id)}/settings`, { [name]: value }, { bearer: true }),

  messageableUsers: async (search: string, signal?: AbortSignal) => {
    const answer = await api.get<Participant[] | { users: Participant[] }>(`${base}/messageable_users`, {
      query: { search: search.trim() || undefined },
      signal,
    });
    return Array.isArray(answer) ? answer : answer.users;
  },
  activeStatus: (userId: string, conversationId: string) =>
    api.get<{ is_active: boolean }>(`${base}/active_status/${encodeURIComponent(userId)}`, {
      query: { conversation_id: conversationId },
    }),

  /** one key per message, sent again when the same message is retried: the server then stores it once */
  send: (input: SendMessageInput, idempotencyKey: string) =>
    api.post<Message>(base, input, { headers: { 'Idempotency-Key': idempotencyKey } }),
  deleteMessage: (id: string) => api.delete<unknown>(`${base}/${encodeURIComponent(id)}`),
  react: (id: string, emoji: string) =>
    api.post<unknown>(`${base}/${encodeURIComponent(id)}/react`, { emoji }),
  search: (q: string, offset: number, conversationId?: string, signal?: AbortSignal) =>
    api.get<MessageSearchResults>(`${base}/search`, {
      query: { q, limit: SEARCH_PAGE_SIZE, offset, conversation_id: conversationId },
      signal,
    }),

  uploadMedia: (file: File) => {
    const form = new FormData();
    form.append('file', file);
    return api.post<MessageMedia>('/api/v1/media', form, { bearer: true });
  },
};
