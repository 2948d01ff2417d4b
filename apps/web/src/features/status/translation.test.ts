import type { Status, Translation } from '@palchat/api';
import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyTranslation, canTranslate, toggleTranslation, useTranslationState } from './translation';

const status = (patch: Partial<Status> = {}): Status =>
  ({
    id: '42',
    edited_at: null,
    visibility: 'public',
    language: 'de',
    content: '<p>Hallo Welt</p>',
    spoiler_text: 'Achtung',
    media_attachments: [
      { id: 'm1', description: 'Eine Katze' },
      { id: 'm2', description: 'Ein Hund' },
    ],
    poll: {
      id: 'p1',
      options: [
        { title: 'Ja', votes_count: 3 },
        { title: 'Nein', votes_count: 1 },
      ],
    },
    ...patch,
  }) as unknown as Status;

const translation: Translation = {
  content: '<p>Hello world</p>',
  spoiler_text: 'Warning',
  language: 'en',
  detected_source_language: 'de',
  provider: 'LibreTranslate',
  media_attachments: [{ id: 'm1', description: 'A cat' }],
  poll: { id: 'p1', options: [{ title: 'Yes' }, { title: 'No' }] },
};

const context = { enabled: true, signedIn: true, uiLocale: 'en' };

describe('canTranslate', () => {
  it('offers public and unlisted posts in another language when the server translates', () => {
    expect(canTranslate(status(), context)).toBe(true);
    expect(canTranslate(status({ visibility: 'unlisted' }), context)).toBe(true);
  });

  it('not for private or direct posts, posts in the viewer’s language or without one, or when disabled', () => {
    expect(canTranslate(status({ visibility: 'private' }), context)).toBe(false);
    expect(canTranslate(status({ visibility: 'direct' }), context)).toBe(false);
    expect(canTranslate(status({ language: 'en-GB' }), context)).toBe(false);
    expect(canTranslate(status({ language: null }), context)).toBe(false);
    expect(canTranslate(status(), { ...context, enabled: false })).toBe(false);
    expect(canTranslate(status(), { ...context, signedIn: false })).toBe(false);
  });
});

describe('applyTranslation', () => {
  it('swaps content, warning, language, the translated media descriptions and poll titles', () => {
    const shown = applyTranslation(status(), translation);
    expect(shown.content).toBe('<p>Hello world</p>');
    expect(shown.spoiler_text).toBe('Warning');
    expect(shown.language).toBe('en');
    expect(shown.media_attachments.map((media) => media.description)).toEqual(['A cat', 'Ein Hund']);
    expect(shown.poll?.options).toEqual([
      { title: 'Yes', votes_count: 3 },
      { title: 'No', votes_count: 1 },
    ]);
  });

  it('adds no warning to a post without one', () => {
    expect(applyTranslation(status({ spoiler_text: '' }), translation).spoiler_text).toBe('');
  });
});

describe('toggleTranslation', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('asks the server once, then switches between translation and original', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetch = vi.fn(() => new Promise<Response>((resolve) => (answer = resolve)));
    vi.stubGlobal('fetch', fetch);
    const target = status({ id: '100' });
    const { result } = renderHook(() => useTranslationState(target));
    const first = toggleTranslation(target, 'en');
    await waitFor(() => expect(result.current?.phase).toBe('loading'));
    answer(new Response(JSON.stringify(translation), { status: 200 }));
    await first;
    await waitFor(() => expect(result.current?.phase).toBe('shown'));
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toContain('/api/v1/statuses/100/translate');
    expect(init.method).toBe('POST');
    await toggleTranslation(target, 'en');
    await waitFor(() => expect(result.current?.phase).toBe('hidden'));
    await toggleTranslation(target, 'en');
    await waitFor(() => expect(result.current?.phase).toBe('shown'));
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('records a failure, and an edit asks again', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response('{"error":"down"}', { status: 503 })),
    );
    const target = status({ id: '200' });
    await toggleTranslation(target, 'en');
    const { result } = renderHook(() => useTranslationState(target));
    expect(result.current?.phase).toBe('failed');
    const edited = renderHook(() => useTranslationState({ ...target, edited_at: '2026-01-01T00:00:00Z' }));
    expect(edited.result.current).toBeUndefined();
  });
});
