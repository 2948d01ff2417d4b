import { describe, expect, it } from 'vitest';
import { utf8 } from './bytes.js';
import {
  AppDataError,
  createNote,
  decodeAppData,
  deleteNote,
  encodeAppData,
  fromActivity,
  htmlToText,
  isSignal,
  like,
  read,
  textToHtml,
  toActivity,
  typing,
  undo,
  type EncryptedAttachment,
} from './app-data.js';

const attachment: EncryptedAttachment = {
  type: 'Image',
  mediaType: 'image/png',
  url: 'https://a.example/e2ee/media/abc',
  key: 'a2V5a2V5a2V5',
  iv: 'aXZpdml2',
  digest: 'ZGlnZXN0',
  width: 640,
  height: 480,
};

describe('application data', () => {
  it('round-trips every kind', () => {
    const original = createNote('hi <b>there</b> & "you"\nsecond line', { inReplyTo: createNote('x').id });
    const withMedia = createNote('', { attachments: [attachment] });
    const noteId = original.type === 'Create' ? original.note.id : '';
    const liked = like(noteId, '👍');
    for (const data of [
      original,
      withMedia,
      deleteNote(noteId),
      liked,
      undo(liked.id),
      read(noteId),
      typing('start'),
    ]) {
      expect(decodeAppData(encodeAppData(data))).toEqual(data);
    }
  });

  it('writes the draft shapes: a Create of a Note with urn:uuid ids and HTML content', () => {
    const activity = toActivity(createNote('a < b', { attachments: [attachment] }));
    expect(activity).toMatchObject({
      '@context': expect.arrayContaining(['https://www.w3.org/ns/activitystreams']),
      type: 'Create',
      id: expect.stringMatching(/^urn:uuid:/),
      object: {
        type: 'Note',
        id: expect.stringMatching(/^urn:uuid:/),
        content: '<p>a &lt; b</p>',
        attachment: [{ type: 'Image', mediaType: 'image/png', 'palchat:key': attachment.key, width: 640 }],
      },
    });
    expect(toActivity(typing('stop'))).toMatchObject({ type: 'palchat:Typing', 'palchat:state': 'stop' });
    expect(toActivity(like('urn:uuid:00000000-0000-4000-8000-000000000000', '🎉'))).toMatchObject({
      type: 'Like',
      content: '🎉',
    });
  });

  it('reads HTML from other implementations as text', () => {
    expect(htmlToText('<p>one &amp; two</p><p>three<br/>four &#x1F600; &#39;</p>')).toBe(
      "one & two\n\nthree\nfour 😀 '",
    );
    expect(htmlToText(textToHtml('<script>alert(1)</script>'))).toBe('<script>alert(1)</script>');
  });

  it('reads what another implementation of the draft may send: other URNs, no published', () => {
    const data = fromActivity({
      '@context': 'https://www.w3.org/ns/activitystreams',
      type: 'Create',
      id: 'urn:example:activity-1',
      object: { type: 'Note', id: 'urn:example:note-1', content: '<p>hi</p>' },
    });
    expect(fromActivity({ type: 'Like', id: 'urn:example:like-1', object: 'urn:example:note-1' })).toEqual({
      type: 'Like',
      id: 'urn:example:like-1',
      object: 'urn:example:note-1',
      emoji: '❤️',
    });
    expect(data).toEqual({
      type: 'Create',
      id: 'urn:example:activity-1',
      note: { id: 'urn:example:note-1', text: 'hi', published: '', attachments: [] },
    });
  });

  it('accepts a node object as object and ignores extra properties', () => {
    const id = 'urn:uuid:00000000-0000-4000-8000-000000000001';
    const data = fromActivity({
      type: 'Delete',
      id: 'urn:uuid:00000000-0000-4000-8000-000000000002',
      actor: 'https://b.example/users/bob',
      object: { type: 'Tombstone', id },
    });
    expect(data).toEqual({ type: 'Delete', id: 'urn:uuid:00000000-0000-4000-8000-000000000002', object: id });
    expect(isSignal(data)).toBe(true);
  });

  it('rejects malformed input with an AppDataError', () => {
    const id = 'urn:uuid:00000000-0000-4000-8000-000000000003';
    const note = { type: 'Note', id, content: '<p>x</p>', published: '2026-01-01T00:00:00Z' };
    const bad: unknown[] = [
      null,
      [],
      'Create',
      { type: 'Create', id: 'https://a.example/1', object: note },
      { type: 'Create', id, object: { ...note, id: 'not-a-urn' } },
      { type: 'Create', id, object: { ...note, type: 'Article' } },
      { type: 'Create', id, object: { ...note, content: 42 } },
      { type: 'Create', id, object: { ...note, published: 'yesterday' } },
      { type: 'Create', id, object: { ...note, attachment: [{ ...attachment, 'palchat:key': undefined }] } },
      {
        type: 'Create',
        id,
        object: { ...note, attachment: [{ ...attachment, url: 'javascript:alert(1)' }] },
      },
      { type: 'Create', id, object: { ...note, attachment: [{ ...attachment, mediaType: 'text/html' }] } },
      { type: 'Create', id, object: { ...note, attachment: {} } },
      { type: 'Like', id, object: id, content: '' },
      { type: 'Like', id, object: id, content: 'x'.repeat(100) },
      { type: 'palchat:Typing', id, 'palchat:state': 'maybe' },
      { type: 'Announce', id, object: id },
      { type: 'Delete', id, object: 5 },
    ];
    for (const json of bad) expect(() => fromActivity(json), JSON.stringify(json)).toThrow(AppDataError);
    expect(() => decodeAppData(utf8('{nope'))).toThrow(AppDataError);
    expect(() => decodeAppData(new Uint8Array([0xff, 0xfe]))).toThrow(AppDataError);
  });
});
