import { describe, expect, it } from 'vitest';
import { applyIncomingMessage, badgeText, countsAsUnread } from './unread';
import { makeConversation, makeMessage } from './fixtures.test-helpers';

describe('badgeText', () => {
  it("shows '99+' above 99", () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(7)).toBe('7');
    expect(badgeText(99)).toBe('99');
    expect(badgeText(100)).toBe('99+');
  });
});

describe('applyIncomingMessage', () => {
  const older = makeConversation({ id: 'c1', updated_at: '2026-01-01T09:00:00.000Z', unread_count: 2 });
  const newer = makeConversation({ id: 'c2', updated_at: '2026-01-01T09:30:00.000Z' });
  const incoming = makeMessage({ conversation_id: 'c1', created_at: '2026-01-01T10:00:00.000Z' });

  it('counts someone else’s message in a closed chat and resorts newest first', () => {
    const list = applyIncomingMessage([newer, older], incoming, {
      currentUserId: 'u1',
      openConversationId: null,
    });
    expect(list.map((c) => c.id)).toEqual(['c1', 'c2']);
    expect(list[0]?.unread_count).toBe(3);
    expect(list[0]?.last_message?.content).toBe('hello');
    expect(countsAsUnread(incoming, { currentUserId: 'u1', openConversationId: null })).toBe(true);
    expect(countsAsUnread(incoming, { currentUserId: 'u1', openConversationId: 'c1' })).toBe(false);
  });
  it('keeps 0 while the chat is open', () => {
    const list = applyIncomingMessage([older], incoming, { currentUserId: 'u1', openConversationId: 'c1' });
    expect(list[0]?.unread_count).toBe(0);
  });
  it('does not count my own or system messages', () => {
    const mine = makeMessage({
      ...incoming,
      sender: { id: 'u1', username: 'me', display_name: '', avatar: '' },
    });
    expect(
      applyIncomingMessage([older], mine, { currentUserId: 'u1', openConversationId: null })[0]?.unread_count,
    ).toBe(2);
    const system = makeMessage({ ...incoming, is_system_message: true });
    expect(
      applyIncomingMessage([older], system, { currentUserId: 'u1', openConversationId: null })[0]
        ?.unread_count,
    ).toBe(2);
  });
});
