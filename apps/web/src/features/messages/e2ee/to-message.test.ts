import { describe, expect, it } from 'vitest';
import type { Participant } from '../model';
import { newRecord, systemRecord, type EncryptedAttachment } from './timeline';
import { toMessage, type MappingContext } from './to-message';
import { withSystemTexts } from './system-rows';

const person = (id: string, name: string): Participant => ({
  id,
  username: id,
  display_name: name,
  avatar: `/${id}.png`,
  acct: id,
  verified: false,
  is_online: false,
});

const photo: EncryptedAttachment = {
  url: 'https://x.test/e2ee/abc',
  media_type: 'image/png',
  key: 'k',
  iv: 'i',
  digest: 'd',
  width: 4,
  height: 3,
};

const quoted = newRecord({
  conversation_id: 'c1',
  id: 'urn:uuid:1',
  seq: 1,
  sender_id: 'ben',
  created_at: '2026-01-01T10:00:00.000Z',
  content: 'first',
});

const context: MappingContext = {
  viewerId: 'ann',
  participants: [person('ann', 'Ann'), person('ben', 'Ben')],
  meta: { conversation_id: 'c1', reads: { ben: 2, ann: 1 }, hidden: [], joined_late_at: null },
  mediaUrl: (a) => (a.url === photo.url ? 'blob:photo' : ''),
  replyTarget: (id) => (id === quoted.id ? quoted : undefined),
};

describe('toMessage', () => {
  it('maps an own note with reply, photo, reactions and receipts', () => {
    const record = newRecord({
      conversation_id: 'c1',
      id: 'urn:uuid:2',
      seq: 2,
      sender_id: 'ann',
      created_at: '2026-01-01T10:01:00.000Z',
      content: 'second',
      reply_to_id: quoted.id,
      attachments: [photo],
      reactions: [
        { emoji: '❤️', user_id: 'ben' },
        { emoji: '❤️', user_id: 'ann' },
        { emoji: '😂', user_id: 'ben' },
      ],
    });
    const message = toMessage(record, context);
    expect(message).toMatchObject({
      id: 'urn:uuid:2',
      content: 'second',
      sender: { id: 'ann', display_name: 'Ann', avatar: '/ann.png' },
      can_delete: true,
      read_by: ['ben'],
      reply_to: { id: 'urn:uuid:1', content: 'first', sender: { display_name: 'Ben' } },
    });
    expect(message.media_attachments[0]).toMatchObject({
      type: 'image',
      url: 'blob:photo',
      meta: { width: 4 },
    });
    expect(message.reactions.map((r) => [r.emoji, r.count, r.users.map((u) => u.display_name)])).toEqual([
      ['❤️', 2, ['Ben', 'Ann']],
      ['😂', 1, ['Ben']],
    ]);
  });

  it("a reply to a note this device lacks quotes nothing; others' notes can be deleted for me", () => {
    const record = newRecord({
      conversation_id: 'c1',
      id: 'urn:uuid:3',
      seq: 3,
      sender_id: 'ben',
      created_at: '2026-01-01T10:02:00.000Z',
      reply_to_id: 'urn:uuid:older',
    });
    const message = toMessage(record, context);
    expect(message.can_delete).toBe(true);
    expect(message.reply_to).toBeNull();
    expect(message.reply_to_message_id).toBe('urn:uuid:older');
    expect(message.read_by).toEqual([]);
  });

  it('writes system rows in the viewer language', () => {
    const row = toMessage(
      systemRecord('c1', 'system:e1:0', 4, 'device_added', 'ben', '2026-01-01T10:03:00.000Z'),
      context,
    );
    expect(row.is_system_message).toBe(true);
    expect(row.can_delete).toBe(false);
    const [shown] = withSystemTexts([row], (id, values) => `${id}|${String(values?.name)}`);
    expect(shown?.content).toBe('messages.e2ee.device_added|Ben');
  });
});
