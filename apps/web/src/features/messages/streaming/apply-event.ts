import type { QueryClient } from '@tanstack/react-query';
import {
  conversationUpdatedPayloadSchema,
  messageReadPayloadSchema,
  messageSchema,
  reactionUpdatePayloadSchema,
  typingPayloadSchema,
} from '@palchat/api';
import {
  adjustUnread,
  appendMessage,
  hasMessage,
  markReadBy,
  replaceReactions,
  updateConversations,
} from '../data/cache';
import { messageKeys } from '../query-keys';
import { refreshConversation } from '../data/refresh';
import { forwardEncryptedEvent } from '../e2ee';
import { applyIncomingMessage, countsAsUnread } from '../rules/unread';
import type { TypingStore } from '../state/typing-store';

export interface StreamEvent {
  event: string;
  payload: unknown;
}

export interface StreamContext {
  client: QueryClient;
  typing: TypingStore;
  currentUserId: string;
  /** the conversation open in the chat view, if any */
  openConversationId: () => string | null;
  /** marks the open conversation read (called 100 ms after an incoming message) */
  scheduleMarkRead: (conversationId: string) => void;
}

/** Applies one stream event to the query cache and the typing store (SPEC §4). */
export function applyStreamEvent(event: StreamEvent, context: StreamContext): void {
  const { client } = context;
  switch (event.event) {
    case 'friend_message': {
      const parsed = messageSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const message = parsed.data;
      const openId = context.openConversationId();
      const isOpen = openId === message.conversation_id;
      const isOwn = message.sender.id === context.currentUserId;
      context.typing.stop(message.conversation_id, message.sender.id);
      if (isOpen) {
        if (!isOwn) {
          if (!hasMessage(client, message.conversation_id, message.id)) appendMessage(client, message);
          // a refetch of the open chat may have brought the message first: it still has to be marked read
          context.scheduleMarkRead(message.conversation_id);
        }
      } else {
        void client.invalidateQueries({
          queryKey: messageKeys.conversation(message.conversation_id),
          refetchType: 'none',
        });
      }
      const incomingContext = { currentUserId: context.currentUserId, openConversationId: openId };
      if (countsAsUnread(message, incomingContext)) adjustUnread(client, 1);
      updateConversations(client, (list) => applyIncomingMessage(list, message, incomingContext));
      void client.invalidateQueries({ queryKey: messageKeys.conversations() });
      return;
    }
    case 'typing_start':
    case 'typing_stop': {
      const parsed = typingPayloadSchema.partial({ timestamp: true }).safeParse(event.payload);
      if (!parsed.success || parsed.data.user_id === context.currentUserId) return;
      const { conversation_id, user_id, username, display_name } = parsed.data;
      if (event.event === 'typing_start')
        context.typing.start({ conversation_id, user_id, username, display_name });
      else context.typing.stop(conversation_id, user_id);
      return;
    }
    case 'message_read': {
      const parsed = messageReadPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      markReadBy(client, parsed.data.conversation_id, parsed.data.user_id, parsed.data.message_ids);
      return;
    }
    case 'message_reaction_update': {
      const parsed = reactionUpdatePayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      replaceReactions(client, parsed.data.conversation_id, parsed.data.id, parsed.data.reactions);
      return;
    }
    case 'conversation_updated': {
      const parsed = conversationUpdatedPayloadSchema.safeParse(event.payload);
      if (!parsed.success) return;
      const id = parsed.data.conversation_id;
      refreshConversation(client, id, context.openConversationId() === id);
      adjustUnread(client);
      return;
    }
    case 'e2ee_message':
    case 'e2ee_ephemeral':
    case 'e2ee_pending_removals':
    case 'e2ee_devices_changed':
      void forwardEncryptedEvent(event.event, event.payload, context).catch((error: unknown) =>
        console.error('Encrypted chats: a stream event failed', error),
      );
      return;
    default:
      // 'update' and other timeline events are not the box's business
      return;
  }
}
