import { describe, expect, it } from 'vitest';
import type { VisibilityValue } from '../db/schema.js';
import { addressingForVisibility, PUBLIC_COLLECTION_URI, visibilityFromAddressing } from './visibility.js';

const FOLLOWERS = 'https://b.example/users/bob/followers';
const ALICE = 'https://a.example/users/alice';
const CAROL = 'https://c.example/users/carol';

describe('visibilityFromAddressing (Mastodon: ActivityPub::Parser::StatusParser#visibility)', () => {
  const cases: [string, string[], string[], VisibilityValue][] = [
    ['public: to Public, cc followers', [PUBLIC_COLLECTION_URI], [FOLLOWERS], 'public'],
    ['public in compact form as:Public', ['as:Public'], [FOLLOWERS], 'public'],
    ['public in compact form Public', ['Public'], [], 'public'],
    ['public with mentions in cc', [PUBLIC_COLLECTION_URI], [FOLLOWERS, ALICE], 'public'],
    ['unlisted: to followers, cc Public', [FOLLOWERS], [PUBLIC_COLLECTION_URI], 'unlisted'],
    ['unlisted: cc as:Public', [FOLLOWERS], ['as:Public', ALICE], 'unlisted'],
    ['Public in both: to wins', [PUBLIC_COLLECTION_URI], [PUBLIC_COLLECTION_URI], 'public'],
    ['private: to followers', [FOLLOWERS], [], 'private'],
    ['private with mentions', [FOLLOWERS], [ALICE, CAROL], 'private'],
    ['private: to followers and a mention', [FOLLOWERS, ALICE], [], 'private'],
    ['direct: to mentioned only', [ALICE], [], 'direct'],
    ['direct: to two people', [ALICE, CAROL], [], 'direct'],
    ['direct: followers only in cc does not make it private', [ALICE], [FOLLOWERS], 'direct'],
    ['direct: nobody at all', [], [], 'direct'],
    [
      'another account followers collection is not the author’s',
      ['https://x.example/users/x/followers'],
      [],
      'direct',
    ],
    [
      'a look-alike of the public collection is not public',
      ['https://www.w3.org/ns/activitystreams#Publicx'],
      [],
      'direct',
    ],
  ];
  it.each(cases)('%s', (_name, to, cc, expected) => {
    expect(visibilityFromAddressing({ to, cc, followersUrl: FOLLOWERS })).toBe(expected);
  });

  it('accepts URL objects, as @fedify/vocab gives them', () => {
    expect(
      visibilityFromAddressing({
        to: [new URL(FOLLOWERS)],
        cc: [new URL(PUBLIC_COLLECTION_URI)],
        followersUrl: FOLLOWERS,
      }),
    ).toBe('unlisted');
  });

  it('an author without a followers collection has no followers-only posts', () => {
    expect(visibilityFromAddressing({ to: [FOLLOWERS], cc: [], followersUrl: null })).toBe('direct');
  });
});

describe('addressingForVisibility (Mastodon: ActivityPub::TagManager#to / #cc)', () => {
  const strings = (value: { to: URL[]; cc: URL[] }) => ({
    to: value.to.map(String),
    cc: value.cc.map(String),
  });
  const cases: [VisibilityValue, string[], { to: string[]; cc: string[] }][] = [
    ['public', [], { to: [PUBLIC_COLLECTION_URI], cc: [FOLLOWERS] }],
    ['public', [ALICE], { to: [PUBLIC_COLLECTION_URI], cc: [FOLLOWERS, ALICE] }],
    ['unlisted', [ALICE], { to: [FOLLOWERS], cc: [PUBLIC_COLLECTION_URI, ALICE] }],
    ['private', [], { to: [FOLLOWERS], cc: [] }],
    ['private', [ALICE, CAROL], { to: [FOLLOWERS], cc: [ALICE, CAROL] }],
    ['direct', [ALICE, CAROL, ALICE], { to: [ALICE, CAROL], cc: [] }],
  ];
  it.each(cases)('%s mentioning %j', (visibility, mentionedUris, expected) => {
    expect(strings(addressingForVisibility({ visibility, followersUrl: FOLLOWERS, mentionedUris }))).toEqual(
      expected,
    );
  });

  it.each(['public', 'unlisted', 'private', 'direct'] as const)(
    '%s survives the round trip',
    (visibility) => {
      const addressing = addressingForVisibility({
        visibility,
        followersUrl: FOLLOWERS,
        mentionedUris: [ALICE],
      });
      expect(visibilityFromAddressing({ ...addressing, followersUrl: FOLLOWERS })).toBe(visibility);
    },
  );
});
