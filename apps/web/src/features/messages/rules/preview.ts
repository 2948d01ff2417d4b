import type { Conversation } from '../model';
import { PREVIEW_LENGTH } from './constants';

/** What the list shows under a conversation's name (SPEC §2 "last-message preview"). */
export type Preview =
  | { kind: 'empty' }
  | { kind: 'photo'; prefix: PreviewPrefix }
  | { kind: 'text'; prefix: PreviewPrefix; text: string };

export type PreviewPrefix = { kind: 'none' } | { kind: 'you' } | { kind: 'sender'; name: string };

export function cutPreview(content: string): string {
  const flat = content.replace(/\s+/g, ' ').trim();
  return flat.length > PREVIEW_LENGTH ? `${flat.slice(0, PREVIEW_LENGTH)}...` : flat;
}

export function previewOf(conversation: Conversation, currentUserId: string): Preview {
  const last = conversation.last_message;
  if (!last) return { kind: 'empty' };
  const prefix: PreviewPrefix = last.is_system_message
    ? { kind: 'none' }
    : last.sender_id === currentUserId
      ? { kind: 'you' }
      : conversation.is_group
        ? { kind: 'sender', name: last.sender_username }
        : { kind: 'none' };
  const text = cutPreview(last.content);
  if (text === '' && last.media_attachments.length > 0) return { kind: 'photo', prefix };
  if (text === '') return { kind: 'empty' };
  return { kind: 'text', prefix, text };
}

/** The title of a conversation: the group's name, else the partner's display name or username. */
export function conversationTitle(conversation: Conversation): string {
  if (conversation.is_group) {
    if (conversation.name && conversation.name.trim() !== '') return conversation.name;
    return conversation.participants.map((p) => p.display_name || p.username).join(', ');
  }
  const partner = conversation.partner;
  return partner ? partner.display_name || partner.username : (conversation.name ?? '');
}
