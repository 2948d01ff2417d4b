import type { Tag } from '@palchat/api';

export interface HistoryUsage {
  /** posts over the history (the last 7 days) */
  posts: number;
  /** people who posted, summed per day as Mastodon does */
  participants: number;
  today: number;
}

/** Totals of a tag's or a link's daily history (newest day first); null when the server sent no history. */
export function historyUsage(history: Tag['history']): HistoryUsage | null {
  if (history.length === 0) return null;
  const count = (value: string) => Number(value) || 0;
  return {
    posts: history.reduce((sum, day) => sum + count(day.uses), 0),
    participants: history.reduce((sum, day) => sum + count(day.accounts), 0),
    today: count(history[0]?.uses ?? '0'),
  };
}
