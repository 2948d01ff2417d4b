import type { Conversation, Message } from '../model';
import { UNREAD_BADGE_MAX } from './constants';

export interface IncomingContext {
  currentUserId: string;
  openConversationId: string | null;
}

/** Whether a message adds one to the unread figures: someone else's, not a system notice, in a closed chat. */
export function countsAsUnread(message: Message, context: IncomingContext): boolean {
  return (
    context.openConversationId !== message.conversation_id &&
    message.sender.id !== context.currentUserId &&
    !message.is_system_message
  );
}

/** Badge text: '99+' above 99, nothing at 0. */
export function badgeText(count: number): string | null {
  if (count <= 0) return null;
  return count > UNREAD_BADGE_MAX ? `${UNREAD_BADGE_MAX}+` : String(count);
}

export function sortByUpdatedAt(conversations: readonly Conversation[]): Conversation[] {
  return [...conversations].sort((a, b) => Date.parse(b.updated_at) - Date.parse(a.updated_at));
}

/**
 * Applies an incoming message to the list (SPEC §4 "Incoming message", "Unread count"): new preview,
 * updated_at, +1 unread for someone else's non-system message in a chat that is not open, 0 while open;
 * then resorted newest first.
 */
export function applyIncomingMessage(
  conversations: readonly Conversation[],
  message: Message,
  context: IncomingContext,
): Conversation[] {
  const isOpen = context.openConversationId === message.conversation_id;
  const updated = conversations.map((conversation) => {
    if (conversation.id !== message.conversation_id) return conversation;
    const unread = isOpen
      ? 0
      : countsAsUnread(message, context)
        ? conversation.unread_count + 1
        : conversation.unread_count;
    return {
      ...conversation,
      unread_count: unread,
      updated_at: message.created_at,
      last_message: {
        id: message.id,
        content: message.content,
        sender_username: message.sender_username || message.sender.username,
        sender_id: message.sender.id,
        is_system_message: message.is_system_message,
        created_at: message.created_at,
        media_attachments: message.media_attachments,
      },
    };
  });
  return sortByUpdatedAt(updated);
}
