import { describe, expect, it } from 'vitest';
import {
  acceptMedia,
  composeProblem,
  countableLength,
  dropUploadRefusal,
  insertCompletion,
  mediaKinds,
  mediaSensitive,
  postVisibility,
  refuseOversizedMedia,
  remainingCharacters,
  stricterVisibility,
  tokenAtCaret,
} from './compose-rules';

const base = { text: 'hello', spoilerText: '', mediaCount: 0, poll: null, uploading: false };

describe('compose counter', () => {
  it('counts links as 23 characters and remote mentions without their domain', () => {
    expect(countableLength('see https://example.com/a/very/long/path/that/goes/on')).toBe(4 + 23);
    expect(countableLength('hi @alice@remote.example')).toBe('hi @alice'.length);
    expect(countableLength('👍🏽')).toBe(2);
  });
  it('subtracts the content warning from the limit', () => {
    expect(remainingCharacters({ text: 'abc', spoilerText: 'cw' }, 500)).toBe(495);
  });
});

describe('compose validation', () => {
  it('needs text or media', () => {
    expect(composeProblem({ ...base, text: '   ' }, 500)).toBe('empty');
    expect(composeProblem({ ...base, text: ' ', mediaCount: 1 }, 500)).toBeNull();
  });
  it('refuses text over the limit', () => {
    expect(composeProblem({ ...base, text: 'x'.repeat(501) }, 500)).toBe('too_long');
    expect(composeProblem({ ...base, text: 'x'.repeat(500) }, 500)).toBeNull();
  });
  it('needs two poll options and no media with a poll', () => {
    const poll = { options: ['a', ' '], expiresIn: 86400, multiple: false };
    expect(composeProblem({ ...base, poll }, 500)).toBe('poll_options');
    expect(composeProblem({ ...base, poll: { ...poll, options: ['a', 'b'] } }, 500)).toBeNull();
    expect(composeProblem({ ...base, mediaCount: 1, poll: { ...poll, options: ['a', 'b'] } }, 500)).toBe(
      'poll_with_media',
    );
  });
  it('waits for uploads', () => {
    expect(composeProblem({ ...base, uploading: true }, 500)).toBe('uploading');
  });
});

describe('autocomplete token', () => {
  it('finds the mention or hashtag before the caret', () => {
    expect(tokenAtCaret('hello @al', 9)).toEqual({ token: '@al', start: 6 });
    expect(tokenAtCaret('#ca', 3)).toEqual({ token: '#ca', start: 0 });
    expect(tokenAtCaret('mail a@b', 8)).toBeNull();
    expect(tokenAtCaret('hello @', 7)).toBeNull();
  });
  it('replaces the token and moves the caret after it', () => {
    expect(insertCompletion('hi @al there', 3, 6, '@alice')).toEqual({ text: 'hi @alice  there', caret: 10 });
  });
});

describe('drag-and-drop upload rule (SPEC §5)', () => {
  it('allows signed-in users below the maximum without audio or video', () => {
    expect(dropUploadRefusal({ signedIn: true, attached: ['image'], maxAttachments: 4 })).toBeNull();
  });
  it('refuses signed-out visitors, attached audio/video, and a full draft', () => {
    expect(dropUploadRefusal({ signedIn: false, attached: [], maxAttachments: 4 })).toBe('signed_out');
    expect(dropUploadRefusal({ signedIn: true, attached: ['video'], maxAttachments: 4 })).toBe(
      'has_audio_video',
    );
    expect(dropUploadRefusal({ signedIn: true, attached: ['image', 'image'], maxAttachments: 2 })).toBe(
      'limit',
    );
  });
});

describe('posting defaults', () => {
  it('uses the chosen audience, else the account default; replies take the stricter one', () => {
    expect(postVisibility('unlisted', { privacy: 'private' }, null)).toBe('unlisted');
    expect(postVisibility(null, { privacy: 'private' }, null)).toBe('private');
    expect(postVisibility(null, { privacy: 'private' }, 'public')).toBe('private');
    expect(postVisibility(null, { privacy: 'unlisted' }, 'direct')).toBe('direct');
    expect(stricterVisibility('public', 'unlisted')).toBe('unlisted');
    expect(stricterVisibility('direct', 'private')).toBe('direct');
  });

  it('marks media sensitive with a content warning, by choice, or by the account default', () => {
    const defaults = { sensitive: true };
    expect(mediaSensitive({ mediaCount: 1, spoilerOn: false, chosen: null, defaults })).toBe(true);
    expect(mediaSensitive({ mediaCount: 1, spoilerOn: false, chosen: false, defaults })).toBe(false);
    expect(mediaSensitive({ mediaCount: 0, spoilerOn: false, chosen: null, defaults })).toBe(false);
    expect(
      mediaSensitive({ mediaCount: 1, spoilerOn: true, chosen: false, defaults: { sensitive: false } }),
    ).toBe(true);
  });
});

describe('picking media', () => {
  const file = (type: string) => new File(['x'], `f.${type.split('/')[1]}`, { type });
  const supportedTypes = ['image/png', 'image/jpeg', 'video/mp4', 'audio/mpeg'];
  const png = file('image/png');
  const mp4 = file('video/mp4');

  it('counts the attachments already there, new files and kept ones alike', () => {
    expect(
      mediaKinds([{ type: 'image/png' }, { type: 'gifv' }, { type: 'video' }, { type: 'audio/ogg' }]),
    ).toEqual(['image', 'image', 'video', 'audio']);
    expect(
      acceptMedia({ attached: ['image', 'image', 'image'], files: [png, png], max: 4, supportedTypes }),
    ).toEqual({ accepted: [png], problem: 'limit' });
    expect(acceptMedia({ attached: [], files: [png, png], max: 4, supportedTypes })).toEqual({
      accepted: [png, png],
      problem: null,
    });
  });

  it('lets a video or an audio file go alone only', () => {
    expect(acceptMedia({ attached: ['image'], files: [mp4], max: 4, supportedTypes }).problem).toBe(
      'audio_video_alone',
    );
    expect(acceptMedia({ attached: [], files: [mp4, png], max: 4, supportedTypes }).accepted).toEqual([]);
    expect(acceptMedia({ attached: ['video'], files: [png], max: 4, supportedTypes }).problem).toBe(
      'audio_video_alone',
    );
    expect(acceptMedia({ attached: [], files: [mp4], max: 4, supportedTypes })).toEqual({
      accepted: [mp4],
      problem: null,
    });
  });

  it('leaves out the types the server does not take', () => {
    const tiff = file('image/tiff');
    expect(acceptMedia({ attached: [], files: [tiff, png], max: 4, supportedTypes })).toEqual({
      accepted: [png],
      problem: 'unsupported',
    });
    expect(acceptMedia({ attached: [], files: [tiff], max: 4, supportedTypes })).toEqual({
      accepted: [],
      problem: 'unsupported',
    });
  });
});

describe('media size limits', () => {
  const MB = 1024 * 1024;
  // the limits the server advertises; File contents are not read, only the size counts
  const limits = { image: 16 * MB, video: 99 * MB };
  const sized = (name: string, type: string, size: number) => ({ name, type, size });

  it('keeps files up to the limit of their kind, audio counting as video', () => {
    const files = [
      sized('cat.png', 'image/png', 16 * MB),
      sized('clip.mp4', 'video/mp4', 60 * MB),
      sized('song.mp3', 'audio/mpeg', 99 * MB),
    ];
    expect(refuseOversizedMedia(files, limits)).toEqual({ kept: files, oversized: null });
  });

  it('refuses larger files, naming the first one and the limit in MB', () => {
    const photo = sized('photo.jpg', 'image/jpeg', 3 * MB);
    const poster = sized('poster.png', 'image/png', 16 * MB + 1);
    const film = sized('film.webm', 'video/webm', 100 * MB);
    expect(refuseOversizedMedia([photo, poster, film], limits)).toEqual({
      kept: [photo],
      oversized: { name: 'poster.png', megabytes: 16 },
    });
    expect(refuseOversizedMedia([film], limits).oversized).toEqual({ name: 'film.webm', megabytes: 99 });
    expect(
      refuseOversizedMedia([sized('a.gif', 'image/gif', 8 * MB)], { image: 7.5 * MB, video: null }).oversized,
    ).toEqual({ name: 'a.gif', megabytes: 7.5 });
  });

  it('checks nothing while the limits are not known', () => {
    const film = sized('film.webm', 'video/webm', 500 * MB);
    expect(refuseOversizedMedia([film], { image: null, video: null })).toEqual({
      kept: [film],
      oversized: null,
    });
  });
});
