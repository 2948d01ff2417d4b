import type { Conversation, Message } from '../model';

export function makeMessage(overrides: Partial<Message> = {}): Message {
  return {
    id: '1',
    conversation_id: 'c1',
    content: 'hello',
    created_at: '2026-01-01T10:00:00.000Z',
    sender: { id: 'u2', username: 'bob', display_name: 'Bob', avatar: '' },
    sender_username: 'bob',
    is_system_message: false,
    reply_to_message_id: null,
    reply_to: null,
    media_attachments: [],
    reactions: [],
    read_by: [],
    can_delete: true,
    ...overrides,
  };
}

export function makeConversation(overrides: Partial<Conversation> = {}): Conversation {
  return {
    id: 'c1',
    name: null,
    is_group: false,
    partner: { id: 'u2', username: 'bob', display_name: 'Bob', avatar: '', is_online: true },
    participants: [],
    last_message: null,
    unread_count: 0,
    updated_at: '2026-01-01T10:00:00.000Z',
    current_user_is_admin: false,
    creator_id: null,
    ...overrides,
  };
}
