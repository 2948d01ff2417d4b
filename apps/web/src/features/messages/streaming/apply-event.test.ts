import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { messageKeys } from '../query-keys';
import type { UnreadTotals } from '../api';
import { loadedConversations, type ConversationListPages } from '../data/cache';
import type { ConversationPage } from '../model';
import { makeConversation, makeMessage } from '../rules/fixtures.test-helpers';
import { TypingStore } from '../state/typing-store';
import { applyStreamEvent, type StreamContext } from './apply-event';

function setup(openId: string | null) {
  const client = new QueryClient();
  const typing = new TypingStore();
  const conversation = makeConversation({ id: 'c1', unread_count: 0 });
  // two loaded pages of the list: the stream updates a conversation whatever page holds it
  client.setQueryData<ConversationListPages>(messageKeys.conversations(), {
    pages: [
      {
        items: [makeConversation({ id: 'c2', updated_at: '2026-01-01T11:00:00.000Z' })],
        next: '/p2',
        prev: null,
      },
      { items: [conversation], next: null, prev: null },
    ],
    pageParams: [undefined, '/p2'],
  });
  client.setQueryData(messageKeys.unread(), { unread_count: 4, conversations_with_unread: 2 });
  const page: ConversationPage = { conversation, messages: [makeMessage({ id: '1' })], has_more: false };
  client.setQueryData(messageKeys.conversation('c1'), { pages: [page], pageParams: [undefined] });
  const scheduleMarkRead = vi.fn();
  const context: StreamContext = {
    client,
    typing,
    currentUserId: 'u1',
    openConversationId: () => openId,
    scheduleMarkRead,
  };
  const messages = () =>
    client.getQueryData<{ pages: ConversationPage[] }>(messageKeys.conversation('c1'))?.pages[0]?.messages ??
    [];
  const list = () =>
    loadedConversations(client.getQueryData<ConversationListPages>(messageKeys.conversations()));
  const unread = () => client.getQueryData<UnreadTotals>(messageKeys.unread())?.unread_count;
  const pageSizes = () =>
    client.getQueryData<ConversationListPages>(messageKeys.conversations())?.pages.map((p) => p.items.length);
  return { client, typing, context, scheduleMarkRead, messages, list, unread, pageSizes };
}

const incoming = makeMessage({ id: '2', content: 'new one', created_at: '2026-01-01T12:00:00.000Z' });

describe('applyStreamEvent', () => {
  afterEach(() => vi.useRealTimers());

  it('appends to the open chat once and schedules mark-read', () => {
    const { context, messages, scheduleMarkRead, list } = setup('c1');
    applyStreamEvent({ event: 'friend_message', payload: incoming }, context);
    applyStreamEvent({ event: 'friend_message', payload: incoming }, context);
    expect(messages().map((m) => m.id)).toEqual(['1', '2']);
    expect(scheduleMarkRead).toHaveBeenCalledWith('c1');
    expect(list()[0]?.id).toBe('c1');
    expect(list()[0]?.unread_count).toBe(0);
  });

  it('marks the open chat read even when a refetch brought the message before its event', () => {
    const { context, messages, scheduleMarkRead } = setup('c1');
    const page: ConversationPage = {
      conversation: makeConversation({ id: 'c1' }),
      messages: [makeMessage({ id: '1' }), incoming],
      has_more: false,
    };
    context.client.setQueryData(messageKeys.conversation('c1'), { pages: [page], pageParams: [undefined] });
    applyStreamEvent({ event: 'friend_message', payload: incoming }, context);
    expect(messages().map((m) => m.id)).toEqual(['1', '2']);
    expect(scheduleMarkRead).toHaveBeenCalledWith('c1');
  });

  it('counts unread and resorts when the chat is not open; ignores my own in the open chat', () => {
    const closed = setup(null);
    applyStreamEvent({ event: 'friend_message', payload: incoming }, closed.context);
    expect(closed.messages().map((m) => m.id)).toEqual(['1']);
    expect(closed.list().map((c) => [c.id, c.unread_count])).toEqual([
      ['c1', 1],
      ['c2', 0],
    ]);
    // the badge counts it without a request; each conversation stays in the page it came from
    expect(closed.unread()).toBe(5);
    expect(closed.pageSizes()).toEqual([1, 1]);

    const open = setup('c1');
    const mine = makeMessage({
      ...incoming,
      sender: { id: 'u1', username: 'me', display_name: 'Me', avatar: '' },
    });
    applyStreamEvent({ event: 'friend_message', payload: mine }, open.context);
    expect(open.messages().map((m) => m.id)).toEqual(['1']);
    expect(open.unread()).toBe(4);
    expect(open.scheduleMarkRead).not.toHaveBeenCalled();
  });

  it('applies reads and reaction updates', () => {
    const { context, messages } = setup('c1');
    applyStreamEvent(
      { event: 'message_read', payload: { conversation_id: 'c1', user_id: 'u9', message_ids: ['1'] } },
      context,
    );
    expect(messages()[0]?.read_by).toEqual(['u9']);
    const reactions = [
      { emoji: '❤️', count: 1, users: [{ id: 'u9', username: 'z', display_name: 'Z' }], userIds: ['u9'] },
    ];
    applyStreamEvent(
      { event: 'message_reaction_update', payload: { id: '1', conversation_id: 'c1', reactions } },
      context,
    );
    expect(messages()[0]?.reactions).toEqual(reactions);
  });

  it('tracks typing entries and ignores my own', () => {
    const { context, typing } = setup('c1');
    const payload = {
      conversation_id: 'c1',
      user_id: 'u2',
      username: 'bob',
      display_name: 'Bob',
      timestamp: '',
    };
    applyStreamEvent({ event: 'typing_start', payload }, context);
    applyStreamEvent({ event: 'typing_start', payload: { ...payload, user_id: 'u1' } }, context);
    expect(typing.snapshot().map((e) => e.user_id)).toEqual(['u2']);
    applyStreamEvent({ event: 'typing_stop', payload }, context);
    expect(typing.snapshot()).toEqual([]);
  });

  it('expires a typing entry 5 s after a start that was not refreshed', () => {
    vi.useFakeTimers();
    const { context, typing } = setup('c1');
    const payload = {
      conversation_id: 'c1',
      user_id: 'u2',
      username: 'bob',
      display_name: 'Bob',
      timestamp: '',
    };
    applyStreamEvent({ event: 'typing_start', payload }, context);
    vi.advanceTimersByTime(4999);
    expect(typing.snapshot()).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(typing.snapshot()).toHaveLength(0);
  });

  it('ignores timeline updates and malformed payloads', () => {
    const { context, messages } = setup('c1');
    applyStreamEvent({ event: 'update', payload: { id: 'x' } }, context);
    applyStreamEvent({ event: 'friend_message', payload: { nope: true } }, context);
    expect(messages()).toHaveLength(1);
  });

  it('re-reads the presence of a conversation whose block state changed, and no other', () => {
    const { client, context } = setup('c1');
    client.setQueryData(messageKeys.activeStatus('u2', 'c1'), { user_id: 'u2', is_active: true });
    client.setQueryData(messageKeys.activeStatus('u3', 'c2'), { user_id: 'u3', is_active: true });
    applyStreamEvent({ event: 'conversation_updated', payload: { conversation_id: 'c1' } }, context);
    const stale = (userId: string, id: string) =>
      client.getQueryState(messageKeys.activeStatus(userId, id))?.isInvalidated;
    expect(stale('u2', 'c1')).toBe(true);
    expect(stale('u3', 'c2')).toBe(false);
  });
});
