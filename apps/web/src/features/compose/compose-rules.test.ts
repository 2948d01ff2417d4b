import { describe, expect, it } from 'vitest';
import {
  composeProblem,
  countableLength,
  dropUploadRefusal,
  insertCompletion,
  remainingCharacters,
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
    expect(dropUploadRefusal({ signedIn: true, attachedTypes: ['image/png'], maxAttachments: 4 })).toBeNull();
  });
  it('refuses signed-out visitors, attached audio/video, and a full draft', () => {
    expect(dropUploadRefusal({ signedIn: false, attachedTypes: [], maxAttachments: 4 })).toBe('signed_out');
    expect(dropUploadRefusal({ signedIn: true, attachedTypes: ['video/mp4'], maxAttachments: 4 })).toBe(
      'has_audio_video',
    );
    expect(
      dropUploadRefusal({ signedIn: true, attachedTypes: ['image/png', 'image/png'], maxAttachments: 2 }),
    ).toBe('limit');
  });
});
