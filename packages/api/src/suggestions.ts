import { z } from './zod.js';
import { accountSchema } from './accounts.js';

/** Mastodon's Suggestion entity (GET /api/v2/suggestions): an account to follow and why it is suggested. */
export const suggestionSchema = z.object({
  /** deprecated in Mastodon 4.3 in favour of `sources`, still sent */
  source: z.enum(['staff', 'past_interactions', 'global']),
  sources: z.array(
    z.enum([
      'featured',
      'most_followed',
      'most_interactions',
      'similar_to_recently_followed',
      'friends_of_friends',
    ]),
  ),
  account: accountSchema,
});
export type Suggestion = z.infer<typeof suggestionSchema>;
