import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../model';
import { makeConversation, makeMessage } from '../rules/fixtures.test-helpers';
import {
  appendMessage,
  applyMessageToList,
  flattenPages,
  markReadBy,
  patchConversation,
  type ConversationListPages,
} from './cache';
import { messageKeys } from '../query-keys';

const me = { id: 'u1', username: 'me', display_name: 'Me', avatar: '' };

function chatWithPendingMessage() {
  const client = new QueryClient();
  const page: ConversationPage = {
    conversation: makeConversation({ id: 'c1' }),
    messages: [makeMessage({ id: '', local_key: 'local-1', sender: me })],
    has_more: false,
  };
  client.setQueryData(messageKeys.conversation('c1'), { pages: [page], pageParams: [undefined] });
  const messages = () => flattenPages(client.getQueryData(messageKeys.conversation('c1')));
  return { client, messages };
}

describe('read receipts in the message cache', () => {
  it('keeps a read that arrives before the sent message lands, and applies it when it does', () => {
    const { client, messages } = chatWithPendingMessage();
    markReadBy(client, 'c1', 'u2', ['7']);
    expect(messages()[0]?.read_by).toEqual([]);
    appendMessage(client, makeMessage({ id: '7', local_key: 'local-1', sender: me }));
    expect(messages().map((m) => [m.id, m.read_by])).toEqual([['7', ['u2']]]);
  });

  it('applies a read to a message already there, once per reader', () => {
    const { client, messages } = chatWithPendingMessage();
    appendMessage(client, makeMessage({ id: '7', local_key: 'local-1', sender: me }));
    markReadBy(client, 'c1', 'u2', ['7']);
    markReadBy(client, 'c1', 'u2', ['7']);
    expect(messages()[0]?.read_by).toEqual(['u2']);
  });

  it('keeps nothing for a chat that is not loaded', () => {
    const client = new QueryClient();
    markReadBy(client, 'c9', 'u2', ['7']);
    client.setQueryData(messageKeys.conversation('c9'), {
      pages: [{ conversation: makeConversation({ id: 'c9' }), messages: [], has_more: false }],
      pageParams: [undefined],
    });
    appendMessage(client, makeMessage({ id: '7', conversation_id: 'c9' }));
    expect(flattenPages(client.getQueryData(messageKeys.conversation('c9')))[0]?.read_by).toEqual([]);
  });
});

describe('a sent or received message in the conversation list', () => {
  function listOf(ids: string[]) {
    const client = new QueryClient();
    client.setQueryData<ConversationListPages>(messageKeys.conversations(), {
      pages: [{ items: ids.map((id) => makeConversation({ id })), next: null, prev: null }],
      pageParams: [undefined],
    });
    const invalidated = () => client.getQueryState(messageKeys.conversations())?.isInvalidated;
    return { client, invalidated };
  }
  const context = { currentUserId: 'u1', openConversationId: null };

  it('moves a loaded conversation up without a reload', () => {
    const { client, invalidated } = listOf(['c1']);
    applyMessageToList(client, makeMessage({ conversation_id: 'c1' }), context);
    expect(invalidated()).toBe(false);
  });

  it('reloads the list for a conversation it does not hold (a new one, or one beyond the loaded pages)', () => {
    const { client, invalidated } = listOf(['c1']);
    applyMessageToList(client, makeMessage({ conversation_id: 'c9' }), context);
    expect(invalidated()).toBe(true);
  });

  it('keeps an invalidated list invalidated through later local edits (a read, the next message)', () => {
    const { client, invalidated } = listOf(['c1']);
    applyMessageToList(client, makeMessage({ conversation_id: 'c9' }), context);
    patchConversation(client, 'c1', { unread_count: 0 });
    applyMessageToList(client, makeMessage({ conversation_id: 'c1' }), context);
    expect(invalidated()).toBe(true);
  });
});
