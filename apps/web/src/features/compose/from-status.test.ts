import type { Status } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { composeStateOf, pollDurationFor } from './from-status';

const NOW = Date.parse('2026-01-01T12:00:00Z');
const inSeconds = (seconds: number) => new Date(NOW + seconds * 1000).toISOString();

const status = (patch: Partial<Status>): Status =>
  ({
    id: '7',
    visibility: 'unlisted',
    sensitive: false,
    spoiler_text: '',
    language: 'de',
    media_attachments: [],
    poll: null,
    ...patch,
  }) as unknown as Status;

describe('pollDurationFor', () => {
  it('picks the shortest offered length that still covers the time left', () => {
    expect(pollDurationFor(inSeconds(200), NOW)).toBe(300);
    expect(pollDurationFor(inSeconds(3600), NOW)).toBe(3600);
    expect(pollDurationFor(inSeconds(3601), NOW)).toBe(21600);
  });

  it('uses the longest length beyond it or without an end, the shortest once ended', () => {
    expect(pollDurationFor(inSeconds(30 * 86400), NOW)).toBe(604800);
    expect(pollDurationFor(null, NOW)).toBe(604800);
    expect(pollDurationFor(inSeconds(-60), NOW)).toBe(300);
  });
});

describe('composeStateOf', () => {
  it('restores text, warning, audience, language, media with descriptions and the poll', () => {
    const { draft, extras } = composeStateOf(
      status({
        sensitive: true,
        media_attachments: [
          {
            id: 'm1',
            type: 'image',
            url: '/full.png',
            preview_url: '/small.png',
            remote_url: null,
            meta: null,
            description: 'A cat',
            blurhash: null,
          },
        ],
        poll: {
          id: 'p',
          options: [{ title: 'Yes' }, { title: 'No' }],
          multiple: true,
          expires_at: inSeconds(600),
        },
      }),
      { text: 'Hello @bob', spoiler_text: 'Cats' },
      NOW,
    );
    expect(draft).toMatchObject({
      text: 'Hello @bob',
      spoilerText: 'Cats',
      visibility: 'unlisted',
      media: [],
    });
    expect(extras).toMatchObject({
      spoilerOn: true,
      sensitive: true,
      language: 'de',
      attached: [{ id: 'm1', type: 'image', previewUrl: '/small.png', description: 'A cat' }],
      poll: { options: ['Yes', 'No'], multiple: true, expiresIn: 1800 },
    });
  });

  it('leaves the warning off and the poll out when the status has neither', () => {
    const { extras } = composeStateOf(status({}), { text: 'Plain', spoiler_text: '' }, NOW);
    expect(extras.spoilerOn).toBe(false);
    expect(extras.poll).toBeNull();
    expect(extras.attached).toEqual([]);
  });
});
