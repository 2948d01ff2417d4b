import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { ConversationPage } from '../model';
import { makeConversation } from '../rules/fixtures.test-helpers';
import type { ConversationListPages } from './cache';
import { messageKeys } from '../query-keys';
import { directChatsWith, refreshChatsWith } from './refresh';

const carol = { id: 'u3', username: 'carol', display_name: 'Carol', avatar: '', acct: 'carol', verified: false };

function setup() {
  const client = new QueryClient();
  const withBob = makeConversation({ id: 'c1' });
  const withCarol = makeConversation({ id: 'c2', partner: { ...carol, is_online: true } });
  const group = makeConversation({ id: 'g1', is_group: true, isGroup: true });
  client.setQueryData<ConversationListPages>(messageKeys.conversations(), {
    pages: [{ items: [withCarol, group], next: null, prev: null }],
    pageParams: [undefined],
  });
  // the chat with Bob was opened from a profile: it is not in the loaded list
  const page: ConversationPage = { conversation: withBob, messages: [], has_more: false };
  client.setQueryData(messageKeys.conversation('c1'), { pages: [page], pageParams: [undefined] });
  client.setQueryData(messageKeys.activeStatus('u2', 'c1'), { is_active: true });
  client.setQueryData(messageKeys.activeStatus('u3', 'c2'), { is_active: true });
  return client;
}

const invalidated = (client: QueryClient, key: readonly unknown[]) => client.getQueryState(key)?.isInvalidated;

describe('chats refreshed after a block made outside the box', () => {
  it('finds the direct chats with the person in the list and among the opened chats, never a group', () => {
    const client = setup();
    expect([...directChatsWith(client, 'u2')]).toEqual(['c1']);
    expect([...directChatsWith(client, 'u3')]).toEqual(['c2']);
    expect(directChatsWith(client, 'u9').size).toBe(0);
  });

  it("reads again the presence and the messages of the chat with that person only", () => {
    const client = setup();
    refreshChatsWith(client, 'u2');
    expect(invalidated(client, messageKeys.activeStatus('u2', 'c1'))).toBe(true);
    expect(invalidated(client, messageKeys.conversation('c1'))).toBe(true);
    expect(invalidated(client, messageKeys.activeStatus('u3', 'c2'))).toBe(false);
  });
});
