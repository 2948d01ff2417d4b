import { Announce, Create } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { rawActivity } from './raw-activity.js';
import { createOf, mlsObject } from './vocabulary.js';

const alice = 'https://a.example/users/alice';
const create = createOf({
  id: `${alice}/mls/1/activity`,
  actor: alice,
  object: mlsObject({
    id: `${alice}/mls/1`,
    type: 'PrivateMessage',
    attributedTo: alice,
    to: ['https://b.example/users/bob'],
    content: 'AAEAAg==',
    generator: { id: 'https://a.example/actor', name: 'Palchat' },
    context: 'https://a.example/e2ee/conversations/1',
  }),
});

describe('an activity Fedify sends as its exact JSON', () => {
  it('is the Fedify class of its type, with its id and actor, and serializes to the same document', async () => {
    const activity = rawActivity(create);
    expect(activity).toBeInstanceOf(Create);
    expect(activity.id?.href).toBe(`${alice}/mls/1/activity`);
    expect(activity.actorId?.href).toBe(alice);
    expect(await activity.toJsonLd({ format: 'compact' })).toBe(create);
    // Fedify clones an activity to sign it: the clone is still the same document
    expect(await activity.clone({}).toJsonLd()).toBe(create);
    expect(rawActivity({ ...create, type: 'Announce' })).toBeInstanceOf(Announce);
  });

  it('expands with the draft context known from memory', async () => {
    const [node] = (await rawActivity(create).toJsonLd({ format: 'expand' })) as Record<string, unknown>[];
    expect(JSON.stringify(node)).toContain('https://purl.archive.org/socialweb/mls#PrivateMessage');
  });

  it('refuses a document it cannot send', () => {
    expect(() => rawActivity({ ...create, type: 'Like' })).toThrow(TypeError);
    expect(() => rawActivity({ ...create, actor: undefined })).toThrow(TypeError);
  });
});
