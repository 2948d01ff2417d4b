import jsonld from '@fedify/vocab-runtime/jsonld';
import { describe, expect, it } from 'vitest';
import { preloadedContextLoader } from '../document-loader.js';
import { carriesMls, readForwarded, readRelay } from './inbound.js';
import { MlsObjectError } from './parse.js';
import { AS_PUBLIC, createOf, mlsObject, withMlsContext } from './vocabulary.js';

const { compact } = jsonld as unknown as {
  compact: (input: unknown, context: string, options: object) => Promise<unknown>;
};

const alice = 'https://a.example/users/alice';
const bob = 'https://b.example/users/bob';
const collection = 'https://a.example/e2ee/conversations/1';
const homeRelay = 'https://a.example/actor';
const generator = { id: 'https://b.example/actor', name: 'Palchat' };

function message(overrides: Partial<Parameters<typeof mlsObject>[0]> = {}) {
  return mlsObject({
    id: `${bob}/mls/9`,
    type: 'PrivateMessage',
    attributedTo: bob,
    to: [alice],
    content: 'AAEAAg==',
    generator,
    context: collection,
    ...overrides,
  });
}

const forward = (object = message(), actor = bob) =>
  createOf({ id: `${object.id as string}/activity`, actor, object });

function relay(object = message({ mlsSeq: 4 }), actor = homeRelay) {
  const { '@context': _context, ...create } = createOf({
    id: `${object.id as string}/activity`,
    actor: bob,
    object,
  });
  return withMlsContext({ type: 'Announce', id: `${actor}#mls/1`, actor, to: [bob], object: create });
}

describe('a forwarded MLS message (member server to home server)', () => {
  it('is read with its collection', () => {
    const forwarded = readForwarded(forward());
    expect(forwarded.collection).toBe(collection);
    expect(forwarded.object).toMatchObject({ type: 'PrivateMessage', attributedTo: bob, to: [alice] });
    expect(carriesMls(forward())).toBe(true);
  });

  const refused: [string, () => Record<string, unknown>][] = [
    ['by someone else than its author', () => forward(message(), alice)],
    ['with an id on another server', () => forward(message({ id: `${alice}/mls/9` }))],
    ['without a collection', () => forward(message({ context: undefined }))],
    ['addressed to the public', () => ({ ...forward(), to: [alice, AS_PUBLIC] })],
    ['a key package', () => forward(message({ type: 'KeyPackage', to: [AS_PUBLIC] }))],
    ['in an Update', () => ({ ...forward(), type: 'Update' })],
    ['with a bad encoding', () => forward({ ...message(), encoding: 'hex' })],
  ];
  it.each(refused)('is refused %s', (_what, make) => {
    expect(() => readForwarded(make())).toThrow(MlsObjectError);
  });
});

describe("the home server's relay of an ordered message", () => {
  it('is read with its author and place', () => {
    const relayed = readRelay(relay());
    expect(relayed).toMatchObject({ author: bob, collection, object: { mlsSeq: 4, type: 'PrivateMessage' } });
    expect(carriesMls(relay())).toBe(true);
  });

  it("reads a Welcome with the chat's members and group id", () => {
    const welcome = message({
      id: `${collection}/welcomes/1`,
      type: 'Welcome',
      chat: { members: [alice, bob], mlsGroupId: 'AAAA', mlsEpoch: 3, name: 'Friends' },
    });
    expect(readRelay(relay(welcome)).object.chat).toMatchObject({
      members: [alice, bob],
      mlsGroupId: 'AAAA',
      mlsEpoch: 3,
      name: 'Friends',
    });
  });

  const refused: [string, () => Record<string, unknown>][] = [
    [
      'from another actor than the home server',
      () => relay(message({ mlsSeq: 4 }), 'https://a.example/users/mallory'),
    ],
    ["from another server's instance actor", () => relay(message({ mlsSeq: 4 }), 'https://b.example/actor')],
    ['without its place in the order', () => relay(message())],
    [
      'of a Welcome without its epoch',
      () => relay(message({ type: 'Welcome', chat: { mlsGroupId: 'AAAA' } })),
    ],
    ['of a message with a bad content', () => relay({ ...message({ mlsSeq: 4 }), content: 'not base64!' })],
  ];
  it.each(refused)('is refused %s', (_what, make) => {
    expect(() => readRelay(make())).toThrow(MlsObjectError);
  });

  it('reads a relay compacted with another context (what Fedify does to a signed activity)', async () => {
    const welcome = message({
      id: `${collection}/welcomes/1`,
      type: 'Welcome',
      chat: {
        members: [alice, bob],
        mlsGroupId: 'AAAA',
        mlsEpoch: 3,
        groupActor: 'https://a.example/users/group.1',
      },
    });
    for (const object of [welcome, message({ mlsSeq: 4, signal: true })]) {
      const compacted = (await compact(relay(object), 'https://www.w3.org/ns/activitystreams', {
        documentLoader: preloadedContextLoader,
      })) as Record<string, unknown>;
      expect(JSON.stringify(compacted)).toContain('https://palchat.org/ns#');
      const read = readRelay(compacted);
      expect(read.object.content).toBe('AAEAAg==');
      if (read.object.type === 'Welcome')
        expect(read.object.chat).toMatchObject({ mlsEpoch: 3, members: [alice, bob], mlsGroupId: 'AAAA' });
      else expect(read.object).toMatchObject({ type: 'PrivateMessage', mlsSeq: 4, signal: true });
    }
  });

  it('leaves other activities alone', () => {
    expect(carriesMls({ type: 'Create', object: { type: 'Note', content: 'hi' } })).toBe(false);
    expect(carriesMls({ type: 'Announce', object: 'https://a.example/statuses/1' })).toBe(false);
  });
});
