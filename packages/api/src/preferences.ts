import { z } from './zod.js';

/** Mastodon's Preferences entity (GET /api/v1/preferences). */
export const userPreferencesSchema = z.object({
  'posting:default:visibility': z.enum(['public', 'unlisted', 'private', 'direct']),
  'posting:default:sensitive': z.boolean(),
  'posting:default:language': z.string().nullable(),
  'reading:expand:media': z.enum(['default', 'show_all', 'hide_all']),
  'reading:expand:spoilers': z.boolean(),
  'reading:autoplay:gifs': z.boolean(),
});
export type UserPreferences = z.infer<typeof userPreferencesSchema>;
