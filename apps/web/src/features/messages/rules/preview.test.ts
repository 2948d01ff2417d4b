import { describe, expect, it } from 'vitest';
import { conversationTitle, cutPreview, previewOf } from './preview';
import { makeConversation, makeImage } from './fixtures.test-helpers';

const last = {
  id: 'm1',
  content: 'hi there',
  sender_username: 'bob',
  sender_id: 'u2',
  is_system_message: false,
  created_at: '2026-01-01T10:00:00.000Z',
  media_attachments: [],
};

describe('previewOf', () => {
  it("is 'Tap to start chatting' without messages", () => {
    expect(previewOf(makeConversation(), 'u1')).toEqual({ kind: 'empty' });
  });
  it("prefixes 'You: ' for my own messages", () => {
    const c = makeConversation({ last_message: { ...last, sender_id: 'u1' } });
    expect(previewOf(c, 'u1')).toEqual({ kind: 'text', prefix: { kind: 'you' }, text: 'hi there' });
  });
  it('prefixes the sender name in groups only', () => {
    expect(previewOf(makeConversation({ is_group: true, last_message: last }), 'u1')).toEqual({
      kind: 'text',
      prefix: { kind: 'sender', name: 'bob' },
      text: 'hi there',
    });
    expect(previewOf(makeConversation({ last_message: last }), 'u1')).toEqual({
      kind: 'text',
      prefix: { kind: 'none' },
      text: 'hi there',
    });
  });
  it("says 'Photo' for media-only messages (content blank or a single space)", () => {
    const media = [makeImage()];
    const c = makeConversation({ last_message: { ...last, content: ' ', media_attachments: media } });
    expect(previewOf(c, 'u1')).toEqual({ kind: 'photo', prefix: { kind: 'none' } });
  });
  it('cuts to 50 characters', () => {
    const long = 'x'.repeat(80);
    expect(cutPreview(long)).toBe(`${'x'.repeat(50)}...`);
    expect(cutPreview('y'.repeat(50))).toBe('y'.repeat(50));
  });
});

describe('conversationTitle', () => {
  it('uses the group name or the partner', () => {
    expect(conversationTitle(makeConversation())).toBe('Bob');
    expect(conversationTitle(makeConversation({ is_group: true, name: 'Crew' }))).toBe('Crew');
  });
});
