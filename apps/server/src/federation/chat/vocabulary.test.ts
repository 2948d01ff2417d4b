import { Group, Update } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { offline } from '../../../test/helpers/activitypub.js';
import { announcedChatVersion } from './peers.js';
import { GROUP_CHAT_VERSION, PALCHAT_NS, palchatTerm, withGroupTerms } from './vocabulary.js';

const nodeInfo = (palchat: unknown) => ({ software: { name: 'palchat' }, metadata: { palchat } });

describe('the chat vocabulary version a peer announces', () => {
  it('reads version 2 (group chats), an unversioned announcement as 1, and anything else as none', () => {
    expect(announcedChatVersion(nodeInfo({ chat: true, chatVocabulary: PALCHAT_NS, chatVersion: 2 }))).toBe(
      GROUP_CHAT_VERSION,
    );
    expect(announcedChatVersion(nodeInfo({ chat: true, chatVocabulary: PALCHAT_NS }))).toBe(1);
    expect(announcedChatVersion(nodeInfo({ chat: true, chatVocabulary: 'https://example.com/ns#' }))).toBe(0);
    expect(announcedChatVersion(nodeInfo({ chat: false, chatVocabulary: PALCHAT_NS, chatVersion: 2 }))).toBe(
      0,
    );
    expect(announcedChatVersion({ software: { name: 'mastodon' }, metadata: {} })).toBe(0);
    expect(announcedChatVersion('not json')).toBe(0);
  });
});

describe("a group's Update with the group terms", () => {
  const groupUri = 'https://a.example/users/group.1';
  const members = ['https://a.example/users/alice', 'https://b.example/users/bob'];
  const GroupUpdate = withGroupTerms(Update, {
    members,
    admin: members[0]!,
    noticeActor: members[0]!,
    notices: ['alice created the group "G"'],
  });
  const update = () =>
    new GroupUpdate({
      id: new URL(`${groupUri}#updates/1`),
      actor: new URL(groupUri),
      object: new Group({ id: new URL(groupUri), name: 'G' }),
    });

  it('carries them compacted at its top level, with their definitions in its context', async () => {
    const json = (await update().toJsonLd(offline)) as Record<string, unknown>;
    expect(json).toMatchObject({
      type: 'Update',
      object: { type: 'Group', id: groupUri, name: 'G' },
      members,
      admin: members[0],
      notices: ['alice created the group "G"'],
    });
    expect(json['@context']).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ members: expect.objectContaining({ '@type': '@id' }) }),
      ]),
    );
    expect(palchatTerm(json, 'members')).toEqual(members);
  });

  it('keeps them when expanded (embedded in another activity) and when Fedify clones it to sign it', async () => {
    const [node] = (await update().toJsonLd({ ...offline, format: 'expand' })) as Record<string, unknown>[];
    expect(node?.[`${PALCHAT_NS}members`]).toEqual(members.map((id) => ({ '@id': id })));
    expect(node?.[`${PALCHAT_NS}notices`]).toEqual([
      { '@list': [{ '@value': 'alice created the group "G"' }] },
    ]);
    const clone = update().clone({ id: new URL(`${groupUri}#updates/2`) });
    expect(((await clone.toJsonLd(offline)) as Record<string, unknown>).members).toEqual(members);
  });
});
