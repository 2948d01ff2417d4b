import { Create } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { checkJsonLdLimits } from '../json-guard.js';
import { preloadedContextLoader } from '../document-loader.js';
import { MlsObjectError, parseMlsObject } from './parse.js';
import {
  AS_PUBLIC,
  collectionChangeOf,
  createOf,
  deleteOf,
  keyPackagesCollection,
  mlsObject,
  MLS_CONTEXT_URL,
} from './vocabulary.js';

// The draft's examples (https://swicg.github.io/activitypub-e2ee/mls, "Key storage" and "Types"), as JSON: the
// objects Palchat sends must have every property they show, with the same values where the values are fixed.
const DRAFT_PRIVATE_MESSAGE_CREATE = {
  '@context': ['https://www.w3.org/ns/activitystreams', 'https://purl.archive.org/socialweb/mls'],
  type: 'Create',
  id: 'https://social.example/user/example1/create/2',
  actor: 'https://social.example/user/example1',
  to: ['https://other.example/user/example2', 'https://third.example/user/example3'],
  object: {
    type: ['Object', 'PrivateMessage'],
    id: 'https://social.example/user/example1/privatemessage/1',
    attributedTo: 'https://social.example/user/example1',
    to: ['https://other.example/user/example2', 'https://third.example/user/example3'],
    summary: 'This is an encrypted private message.',
    mediaType: 'message/mls',
    encoding: 'base64',
    content: 'AAEAAg==',
  },
};

const DRAFT_KEY_PACKAGE_CREATE = {
  '@context': ['https://www.w3.org/ns/activitystreams', 'https://purl.archive.org/socialweb/mls'],
  type: 'Create',
  id: 'https://social.example/user/example1/create/3',
  actor: 'https://social.example/user/example1',
  to: 'as:Public',
  object: {
    type: ['Object', 'KeyPackage'],
    id: 'https://social.example/user/example1/keyPackage/C',
    attributedTo: 'https://social.example/user/example1',
    to: 'as:Public',
    summary: 'This is binary-encoded cryptographic key package.',
    mediaType: 'message/mls',
    encoding: 'base64',
    content: 'AAEABQ==',
    generator: { id: 'https://client.example/actor', type: 'Application', name: 'Example client' },
  },
};

const DRAFT_ADD = {
  '@context': ['https://www.w3.org/ns/activitystreams', 'https://purl.archive.org/socialweb/mls'],
  type: 'Add',
  id: 'https://social.example/user/example1/add/1',
  actor: 'https://social.example/user/example1',
  to: 'as:Public',
  object: 'https://social.example/user/example1/keyPackage/C',
  target: 'https://social.example/user/example1/keyPackages',
};

const DRAFT_DELETE = {
  '@context': ['https://www.w3.org/ns/activitystreams', 'https://purl.archive.org/socialweb/mls'],
  type: 'Delete',
  id: 'https://social.example/user/example1/delete/1',
  actor: 'https://social.example/user/example1',
  to: 'as:Public',
  object: 'https://social.example/user/example1/keyPackage/C',
};

const DRAFT_KEY_PACKAGES = {
  type: 'Collection',
  id: 'https://social.example/user/example1/keyPackages',
  totalItems: 2,
  items: [
    'https://social.example/user/example1/keyPackage/A',
    'https://social.example/user/example1/keyPackage/B',
  ],
};

const generator = { id: 'https://a.example/actor', name: 'Palchat' };
const alice = 'https://a.example/users/alice';
const bob = 'https://b.example/users/bob';

/** The keys of `example` must all be in `ours`, each with the same JSON type (string, array, object). */
function expectSameShape(ours: unknown, example: unknown, path = '$'): void {
  if (example === null || typeof example !== 'object') {
    expect(typeof ours, path).toBe(typeof example);
    return;
  }
  expect(ours, path).toBeTypeOf('object');
  if (Array.isArray(example)) return;
  for (const [key, value] of Object.entries(example)) {
    if (key === 'to' || key === '@context') continue;
    expect(Object.keys(ours as object), `${path}.${key}`).toContain(key);
    expectSameShape((ours as Record<string, unknown>)[key], value, `${path}.${key}`);
  }
}

function privateMessage(overrides: Partial<Parameters<typeof mlsObject>[0]> = {}) {
  return mlsObject({
    id: `${alice}/mls/1`,
    type: 'PrivateMessage',
    attributedTo: alice,
    to: [bob],
    content: 'AAEAAg==',
    generator,
    context: 'https://a.example/e2ee/conversations/1',
    ...overrides,
  });
}

describe('MLS objects as Palchat sends them', () => {
  it('writes a Create of a PrivateMessage with every property of the draft example, addressed to actors only', () => {
    const object = privateMessage();
    const create = createOf({ id: `${alice}/mls/1/activity`, actor: alice, object });
    expectSameShape(create, DRAFT_PRIVATE_MESSAGE_CREATE);
    expect(create['@context']).toEqual(expect.arrayContaining([...DRAFT_PRIVATE_MESSAGE_CREATE['@context']]));
    expect(create.to).toBe(bob);
    expect(object).toMatchObject({
      type: ['Object', 'PrivateMessage'],
      mediaType: 'message/mls',
      encoding: 'base64',
      generator: { type: 'Application', id: generator.id },
      context: 'https://a.example/e2ee/conversations/1',
    });
    expect(object.summary).toContain('https://swicg.github.io/activitypub-e2ee/mls');
  });

  it('names each of the five wire formats with its own type', () => {
    for (const type of ['PrivateMessage', 'PublicMessage', 'Welcome', 'GroupInfo', 'KeyPackage'] as const)
      expect(
        mlsObject({ id: `${alice}/x`, type, attributedTo: alice, to: [bob], content: 'AA==', generator })
          .type,
      ).toEqual(['Object', type]);
  });

  it('writes the key package life cycle as the draft shows it: Create, Add, Remove, Delete, public', () => {
    const id = `${alice}/keyPackages/7`;
    const object = mlsObject({
      id,
      type: 'KeyPackage',
      attributedTo: alice,
      to: [AS_PUBLIC],
      content: 'AAEABQ==',
      generator,
    });
    const create = createOf({ id: `${id}#create`, actor: alice, object });
    expectSameShape(create, DRAFT_KEY_PACKAGE_CREATE);
    expect(create.to).toBe(AS_PUBLIC);
    const add = collectionChangeOf('Add', {
      id: `${id}#add`,
      actor: alice,
      object: id,
      target: `${alice}/keyPackages`,
    });
    expectSameShape(add, DRAFT_ADD);
    expect(add).toMatchObject({ type: 'Add', to: AS_PUBLIC, object: id, target: `${alice}/keyPackages` });
    const remove = collectionChangeOf('Remove', {
      id: `${id}#remove`,
      actor: alice,
      object: id,
      target: `${alice}/keyPackages`,
    });
    expect(remove).toMatchObject({
      type: 'Remove',
      to: AS_PUBLIC,
      object: id,
      target: `${alice}/keyPackages`,
    });
    const deletion = deleteOf({ id: `${id}#delete`, actor: alice, object: id });
    expectSameShape(deletion, DRAFT_DELETE);
  });

  it('writes the keyPackages collection as the draft example', () => {
    const collection = keyPackagesCollection({
      id: `${alice}/keyPackages`,
      items: [`${alice}/keyPackages/1`],
    });
    expectSameShape(collection, DRAFT_KEY_PACKAGES);
    expect(collection).toEqual({
      type: 'Collection',
      id: `${alice}/keyPackages`,
      totalItems: 1,
      items: [`${alice}/keyPackages/1`],
    });
  });

  it('passes the inbox guard and reads back through Fedify with the draft context from memory', async () => {
    const create = createOf({
      id: `${alice}/mls/1/activity`,
      actor: alice,
      object: privateMessage({ mlsSeq: 3 }),
    });
    expect(() => checkJsonLdLimits(create)).not.toThrow();
    expect(() => checkJsonLdLimits(DRAFT_PRIVATE_MESSAGE_CREATE)).not.toThrow();
    const parsed = await Create.fromJsonLd(create, {
      contextLoader: preloadedContextLoader,
      documentLoader: preloadedContextLoader,
    });
    expect(parsed.id?.href).toBe(`${alice}/mls/1/activity`);
    expect(parsed.objectId?.href).toBe(`${alice}/mls/1`);
    const raw = (await parsed.toJsonLd()) as Record<string, unknown>;
    expect(parseMlsObject(raw.object)).toMatchObject({
      type: 'PrivateMessage',
      mlsSeq: 3,
      attributedTo: alice,
    });
    expect(await preloadedContextLoader(MLS_CONTEXT_URL)).toMatchObject({ documentUrl: MLS_CONTEXT_URL });
  });
});

describe('MLS objects as they arrive', () => {
  it("reads the draft's own examples", () => {
    expect(parseMlsObject(DRAFT_PRIVATE_MESSAGE_CREATE.object)).toMatchObject({
      type: 'PrivateMessage',
      attributedTo: 'https://social.example/user/example1',
      to: ['https://other.example/user/example2', 'https://third.example/user/example3'],
      context: null,
      content: 'AAEAAg==',
    });
    expect(parseMlsObject(DRAFT_KEY_PACKAGE_CREATE.object).type).toBe('KeyPackage');
    // the single-type form, prefixed and full-IRI terms
    expect(
      parseMlsObject({
        ...DRAFT_PRIVATE_MESSAGE_CREATE.object,
        type: 'https://purl.archive.org/socialweb/mls#Welcome',
        encoding: undefined,
        'mls:encoding': 'base64',
      }).type,
    ).toBe('Welcome');
  });

  const valid = privateMessage();
  const cases: [string, Record<string, unknown>][] = [
    ['another media type', { ...valid, mediaType: 'text/html' }],
    ['another encoding', { ...valid, encoding: 'quoted-printable' }],
    ['no encoding', { ...valid, encoding: undefined }],
    ['not base64', { ...valid, content: '<p>hello</p>' }],
    ['base64url', { ...valid, content: 'AAEA_-==' }],
    ['unpadded base64', { ...valid, content: 'AAEAAg' }],
    ['empty content', { ...valid, content: '' }],
    ['more than 256 KiB', { ...valid, content: Buffer.alloc(256 * 1024 + 1).toString('base64') }],
    ['a public message', { ...valid, to: [bob, AS_PUBLIC] }],
    ['as:Public in cc', { ...valid, cc: 'as:Public' }],
    ['no recipients', { ...valid, to: [] }],
    ['a Note', { ...valid, type: 'Note' }],
    ['two authors', { ...valid, attributedTo: [alice, bob] }],
    ['no id', { ...valid, id: undefined }],
    ['a bad order', { ...valid, mlsSeq: -1 }],
  ];
  it.each(cases)('refuses %s', (_what, object) => {
    expect(() => parseMlsObject(object)).toThrow(MlsObjectError);
  });

  it('accepts exactly 256 KiB', () => {
    const content = Buffer.alloc(256 * 1024, 1).toString('base64');
    expect(parseMlsObject({ ...valid, content }).bytes.length).toBe(256 * 1024);
  });
});
