import { afterEach, describe, expect, it } from 'vitest';
import { makeConversation } from '../rules/fixtures.test-helpers';
import { clearPreviews, decryptedLastMessage, setPreview } from './previews';

const last = (created_at: string, content = 'decrypted') => ({
  id: 'urn:uuid:1',
  content,
  sender_username: 'bob',
  sender_id: 'u2',
  is_system_message: false,
  created_at,
  media_attachments: [],
});

describe('decryptedLastMessage', () => {
  afterEach(clearPreviews);

  it("shows what this device decrypted unless the server's last message is clearly newer", () => {
    const server = { ...last('2026-01-01T10:00:30.000Z', ''), encrypted: true };
    const conversation = makeConversation({ id: 'c1', last_message: server });
    expect(decryptedLastMessage(conversation)).toBeNull();
    setPreview('c1', last('2026-01-01T10:00:00.000Z'));
    // the sender's clock may be a little behind the server's
    expect(decryptedLastMessage(conversation)?.content).toBe('decrypted');
    const later = makeConversation({
      id: 'c1',
      last_message: { ...server, created_at: '2026-01-01T10:05:00.000Z' },
    });
    expect(decryptedLastMessage(later)).toBeNull();
  });
});
