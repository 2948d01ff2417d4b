import type { Poll } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import type { PollsTable } from '../db/schema.js';

export function pollOptions(row: Pick<PollsTable, 'options'>): string[] {
  const parsed: unknown = JSON.parse(row.options);
  return Array.isArray(parsed) ? parsed.map(String) : [];
}

export const isExpired = (row: Pick<PollsTable, 'expires_at'>, now = Date.now()): boolean =>
  Date.parse(row.expires_at) <= now;

/** Mastodon Poll entities for poll rows, keyed by status id; totals stay hidden until the end if asked. */
export async function serializePolls(
  db: DbOrTx,
  rows: PollsTable[],
  viewerId: string | null,
): Promise<Map<string, Poll>> {
  const result = new Map<string, Poll>();
  if (rows.length === 0) return result;
  const votes = await db
    .selectFrom('poll_votes')
    .select(['poll_id', 'account_id', 'choice'])
    .where(
      'poll_id',
      'in',
      rows.map((row) => row.id),
    )
    .execute();
  for (const row of rows) {
    const options = pollOptions(row);
    const mine = votes.filter((vote) => vote.poll_id === row.id);
    // a remote poll is counted on its server, local votes included: its reported tallies are the counts
    const remoteTallies = row.remote_tallies_json ? (JSON.parse(row.remote_tallies_json) as number[]) : null;
    const counts = options.map((_, index) =>
      remoteTallies ? (remoteTallies[index] ?? 0) : mine.filter((vote) => vote.choice === index).length,
    );
    const votesCount = remoteTallies ? counts.reduce((sum, count) => sum + count, 0) : mine.length;
    const votersCount = remoteTallies
      ? (row.remote_voters_count ?? null)
      : new Set(mine.map((vote) => vote.account_id)).size;
    const expired = isExpired(row);
    const showTotals = !row.hide_totals || expired;
    const own = viewerId
      ? mine.filter((vote) => vote.account_id === viewerId).map((vote) => vote.choice)
      : [];
    result.set(row.status_id, {
      id: row.id,
      expires_at: row.expires_at,
      expired,
      multiple: row.multiple === 1,
      votes_count: votesCount,
      voters_count: row.multiple ? votersCount : null,
      options: options.map((title, index) => ({
        title,
        votes_count: showTotals ? (counts[index] ?? 0) : null,
      })),
      emojis: [],
      ...(viewerId ? { voted: own.length > 0 || row.account_id === viewerId, own_votes: own } : {}),
    });
  }
  return result;
}
