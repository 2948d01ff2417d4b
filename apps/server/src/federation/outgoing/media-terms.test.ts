import { Create, Note } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import type { AppContext } from '../../context.js';
import type { MediaAttachmentsTable } from '../../db/schema.js';
import { remoteMediaOf } from '../ingest/attachments.js';
import { MastodonCreate, MastodonNote, withPlainMediaTerms } from './media-terms.js';
import { attachmentOf } from './note.js';

const ctx = { config: { publicUrl: 'https://social.example' } } as AppContext;
const media = {
  content_type: 'image/png',
  file_path: 'media_attachments/1/2/3.png',
  description: 'A red square',
  width: 640,
  height: 480,
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  focus_x: 0.5,
  focus_y: -0.25,
} as MediaAttachmentsTable;

/** An attachment as Mastodon's ActivityPub documentation shows it (spec/activitypub, "Media attachments"). */
const MASTODON_ATTACHMENT = {
  type: 'Document',
  mediaType: 'image/png',
  url: 'https://social.example/system/media_attachments/1/2/3.png',
  name: 'A red square',
  blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
  focalPoint: [0.5, -0.25],
  width: 640,
  height: 480,
};

const contextTerms = (json: Record<string, unknown>) =>
  Object.assign({}, ...[json['@context']].flat().filter((item) => typeof item === 'object')) as Record<
    string,
    unknown
  >;

function noteWith(NoteClass: typeof Note) {
  return new NoteClass({
    id: new URL('https://social.example/users/alice/statuses/1'),
    content: '<p>a picture</p>',
    attachments: [attachmentOf(ctx, media)],
  });
}

describe('Mastodon media terms in outgoing documents', () => {
  it('a Create(Note) compacted as Fedify sends it carries plain blurhash and focalPoint, as Mastodon’s', async () => {
    const create = new MastodonCreate({
      id: new URL('https://social.example/users/alice/statuses/1/activity'),
      actor: new URL('https://social.example/users/alice'),
      object: noteWith(MastodonNote),
    });
    const json = (await create.toJsonLd({ format: 'compact' })) as Record<string, unknown>;
    const note = json.object as Record<string, unknown>;
    expect(note.attachment).toEqual(MASTODON_ATTACHMENT);
    expect(contextTerms(json)).toMatchObject({
      toot: 'http://joinmastodon.org/ns#',
      blurhash: 'toot:blurhash',
      focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
    });
    // the same statements as Fedify's own output: only the keys' spelling changed
    const plain = new Create({
      id: new URL('https://social.example/users/alice/statuses/1/activity'),
      actor: new URL('https://social.example/users/alice'),
      object: noteWith(Note),
    });
    const ours = await Create.fromJsonLd(json);
    const theirs = await Create.fromJsonLd(await plain.toJsonLd({ format: 'compact' }));
    expect(await ours.toJsonLd({ format: 'expand' })).toEqual(await theirs.toJsonLd({ format: 'expand' }));
  });

  it('leaves documents without media terms as they are', () => {
    const json = { '@context': 'https://www.w3.org/ns/activitystreams', type: 'Note', content: 'x' };
    expect(withPlainMediaTerms(json)).toBe(json);
  });

  it('incoming attachments are read with plain, prefixed or full-IRI keys', async () => {
    const prefixed = {
      '@context': ['https://www.w3.org/ns/activitystreams', { toot: 'http://joinmastodon.org/ns#' }],
      id: 'https://remote.example/users/bob/statuses/1',
      type: 'Note',
      content: 'x',
      attachment: [
        {
          type: 'Document',
          mediaType: 'image/png',
          url: 'https://remote.example/a.png',
          'toot:blurhash': 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
          'toot:focalPoint': { '@list': [0.5, -0.25] },
        },
        {
          type: 'Document',
          mediaType: 'image/png',
          url: 'https://remote.example/b.png',
          'http://joinmastodon.org/ns#blurhash': 'LEHV6nWB2yk8pyo0adR*.7kCMdnj',
          'http://joinmastodon.org/ns#focalPoint': { '@list': [0.5, -0.25] },
        },
      ],
    };
    const plain = {
      ...prefixed,
      '@context': [
        'https://www.w3.org/ns/activitystreams',
        {
          toot: 'http://joinmastodon.org/ns#',
          blurhash: 'toot:blurhash',
          focalPoint: { '@container': '@list', '@id': 'toot:focalPoint' },
        },
      ],
      attachment: [{ ...MASTODON_ATTACHMENT, url: 'https://remote.example/c.png' }],
    };
    for (const document of [prefixed, plain]) {
      const read = await remoteMediaOf(await Note.fromJsonLd(document), {});
      expect(read).toHaveLength(document.attachment.length);
      for (const item of read) {
        expect(item).toMatchObject({ blurhash: 'LEHV6nWB2yk8pyo0adR*.7kCMdnj', focus: { x: 0.5, y: -0.25 } });
      }
    }
  });
});
