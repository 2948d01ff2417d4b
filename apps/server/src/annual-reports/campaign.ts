/**
 * When Mastodon offers annual reports ("Wrapstodon"): from the 10th to the 31st of December, for that year.
 * Outside that window no report can be generated (reports already generated stay readable).
 */
export function campaignYear(now: Date): number | null {
  return now.getUTCMonth() === 11 && now.getUTCDate() >= 10 ? now.getUTCFullYear() : null;
}

export type Archetype = 'lurker' | 'booster' | 'pollster' | 'replier' | 'oracle';

export interface PostingCounts {
  /** posts that are neither replies to others nor boosts (polls included) */
  standalone: number;
  /** replies to other accounts (a thread of one's own counts as standalone) */
  replies: number;
  boosts: number;
  polls: number;
}

/** Mastodon's yardstick: the posts (replies and boosts included) an active account made in 2023, on average. */
const AVERAGE_POSTS_PER_YEAR = 113;

/** Mastodon's archetype: a playful, coarse summary of how the account posted over the year. */
export function archetypeOf({ standalone, replies, boosts, polls }: PostingCounts): Archetype {
  if (standalone + replies + boosts < AVERAGE_POSTS_PER_YEAR) return 'lurker';
  if (boosts > standalone * 2) return 'booster';
  if (polls > standalone * 0.1) return 'pollster';
  if (replies > standalone * 2) return 'replier';
  return 'oracle';
}
