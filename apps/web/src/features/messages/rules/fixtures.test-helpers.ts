import type { Conversation, Message } from '../model';

const bob = { id: 'u2', username: 'bob', display_name: 'Bob', avatar: '' };

export function makeMessage(overrides: Partial<Message> = {}): Message {
  const sender = overrides.sender ?? bob;
  return {
    id: '1',
    conversation_id: 'c1',
    content: 'hello',
    created_at: '2026-01-01T10:00:00.000Z',
    sender,
    sender_id: sender.id,
    sender_username: sender.username,
    is_system_message: false,
    reply_to_message_id: null,
    reply_to: null,
    media_attachments: [],
    reactions: [],
    read_by: [],
    deleted_by_user_ids: [],
    can_delete: true,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    name: null,
    is_group: false,
    isGroup: false,
    partner: { ...bob, acct: 'bob', verified: false, is_online: true },
    participants: [],
    last_message: null,
    unread_count: 0,
    updated_at: '2026-01-01T10:00:00.000Z',
    created_at: '2026-01-01T09:00:00.000Z',
    current_user_is_admin: false,
    creator_id: null,
    admin_id: null,
    ...overrides,
  };
}

export function makeImage(id = 'a') {
  return {
    id,
    type: 'image' as const,
    url: `/media/${id}.png`,
    preview_url: null,
    remote_url: null,
    meta: { width: 10, height: 10 },
    description: null,
    blurhash: null,
  };
}
