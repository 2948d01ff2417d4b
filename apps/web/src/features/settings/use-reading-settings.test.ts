import { userSettingsPatchSchema, userSettingsSchema } from '@palchat/api';
import { describe, expect, it } from 'vitest';
import { mediaStartsRevealed } from './use-reading-settings';

describe('reading settings', () => {
  it('default to Mastodon’s: simple layout, sensitive media hidden, warnings collapsed, GIFs still, motion on', () => {
    expect(userSettingsSchema.parse({})).toEqual({
      layout: 'single-column',
      columns: [],
      introductionVersion: 0,
      displayMedia: 'default',
      expandSpoilers: false,
      autoplayGifs: false,
      reduceMotion: false,
      theme: 'system',
      unfollowModal: true,
      boostModal: false,
      deleteModal: true,
      missingAltTextModal: true,
      locale: 'en',
    });
    // settings saved before these existed get the defaults
    expect(userSettingsSchema.parse({ layout: 'multi-column' })).toMatchObject({
      layout: 'multi-column',
      displayMedia: 'default',
      expandSpoilers: false,
    });
  });

  it('patches validate each value and add no defaults', () => {
    expect(userSettingsPatchSchema.parse({ expandSpoilers: true })).toEqual({ expandSpoilers: true });
    for (const bad of [
      { displayMedia: 'sometimes' },
      { expandSpoilers: 'yes' },
      { autoplayGifs: 1 },
      { reduceMotion: null },
      { boostModal: 'always' },
    ])
      expect(userSettingsPatchSchema.safeParse(bad).success).toBe(false);
  });

  it('reveals media per display_media', () => {
    expect(mediaStartsRevealed(false, 'default')).toBe(true);
    expect(mediaStartsRevealed(true, 'default')).toBe(false);
    expect(mediaStartsRevealed(true, 'show_all')).toBe(true);
    expect(mediaStartsRevealed(false, 'hide_all')).toBe(false);
  });
});
