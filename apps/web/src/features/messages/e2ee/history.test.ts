import type { StoredMessage } from '@palchat/e2ee';
import { describe, expect, it } from 'vitest';
import type { Participant } from '../model';
import { actorDirectory, actorUriOfParticipant, recordOf, recordsOf } from './history';

const person = (id: string, username: string, acct = username): Participant => ({
  id,
  username,
  acct,
  display_name: username,
  avatar: '',
  verified: false,
  is_online: false,
});

const origin = 'https://here.test';
const ann = person('1', 'ann');
const zed = person('2', 'zed', 'zed@there.test');
const accountOf = actorDirectory([ann, zed], origin);

const stored = (overrides: Partial<StoredMessage>): StoredMessage => ({
  conversationId: 'c1',
  id: 'urn:uuid:n1',
  kind: 'note',
  senderActorUri: 'https://there.test/users/zed',
  seq: 7,
  createdAt: '2026-01-01T10:00:05.000Z',
  reactions: [],
  deleted: false,
  ...overrides,
});

describe('actor URIs and account ids', () => {
  it('names local and remote people as their servers do', () => {
    expect(actorUriOfParticipant(ann, origin)).toBe('https://here.test/users/ann');
    expect(actorUriOfParticipant(zed, origin)).toBe('https://there.test/users/zed');
    expect(accountOf('https://here.test/users/ann')).toBe('1');
    expect(accountOf('https://elsewhere.test/users/x')).toBe('https://elsewhere.test/users/x');
  });

  it("takes the server's uri when it gives one (actors need not live at /users/<name>)", () => {
    const remote = { ...zed, uri: 'https://there.test/ap/actors/42' };
    expect(actorUriOfParticipant(remote, origin)).toBe('https://there.test/ap/actors/42');
    expect(actorDirectory([ann, remote], origin)('https://there.test/ap/actors/42')).toBe(zed.id);
  });
});

describe('recordOf', () => {
  it('reads a note with its reply, attachments and reactions by account', () => {
    const record = recordOf(
      stored({
        note: {
          id: 'urn:uuid:n1',
          text: 'hi <there>',
          inReplyTo: 'urn:uuid:n0',
          published: '2026-01-01T10:00:00.000Z',
          attachments: [
            {
              type: 'Image',
              mediaType: 'image/png',
              url: 'https://x/e',
              key: 'k',
              iv: 'i',
              digest: 'd',
              width: 3,
            },
          ],
        },
        reactions: [{ likeId: 'urn:uuid:l1', actorUri: 'https://here.test/users/ann', emoji: '❤️' }],
      }),
      accountOf,
    );
    expect(record).toMatchObject({
      id: 'urn:uuid:n1',
      seq: 7,
      sender_id: '2',
      // the sender's time, as a plain chat shows the sending time
      created_at: '2026-01-01T10:00:00.000Z',
      content: 'hi <there>',
      reply_to_id: 'urn:uuid:n0',
      reactions: [{ emoji: '❤️', user_id: '1' }],
      system: null,
    });
    expect(record?.attachments[0]).toEqual({
      url: 'https://x/e',
      media_type: 'image/png',
      key: 'k',
      iv: 'i',
      digest: 'd',
      width: 3,
      height: null,
    });
  });

  it('leaves out deleted notes and membership rows; keeps device rows and the removal', () => {
    const system = (event: StoredMessage['system']) =>
      stored({ kind: 'system', id: 'system:e:0', system: event });
    expect(recordOf(stored({ deleted: true }), accountOf)).toBeNull();
    expect(
      recordOf(system({ type: 'member_added', actorUri: 'https://here.test/users/ann' }), accountOf),
    ).toBeNull();
    expect(
      recordOf(
        system({ type: 'device_added', actorUri: 'https://there.test/users/zed', fingerprint: 'f' }),
        accountOf,
      ),
    ).toMatchObject({ sender_id: '2', system: { kind: 'device_added', account_id: '2' } });
    expect(recordOf(system({ type: 'removed_self' }), accountOf)?.system?.kind).toBe('removed');
  });

  it('puts an own message still on its way last', () => {
    const records = recordsOf(
      [
        stored({
          seq: null,
          id: 'urn:uuid:mine',
          note: { id: 'x', text: 'a', published: 'p', attachments: [] },
        }),
      ],
      accountOf,
    );
    expect(records[0]?.seq).toBe(Number.MAX_SAFE_INTEGER);
  });
});
