import type { Tag } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/**
 * Mastodon's tag history: one entry per day for the last 7 days (newest first), `day` as a unix timestamp,
 * uses and distinct accounts counted from public statuses.
 */
export async function tagHistories(
  db: DbOrTx,
  tagIds: string[],
  now = Date.now(),
): Promise<Map<string, Tag['history']>> {
  const histories = new Map<string, Tag['history']>();
  if (tagIds.length === 0) return histories;
  const since = new Date(dayStart(now) - 6 * DAY_MS).toISOString();
  const rows = await db
    .selectFrom('status_tags')
    .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
    .select(['status_tags.tag_id', 'statuses.created_at', 'statuses.account_id'])
    .where('status_tags.tag_id', 'in', tagIds)
    .where('statuses.created_at', '>=', since)
    .where('statuses.visibility', '=', 'public')
    .where('statuses.deleted_at', 'is', null)
    .execute();
  for (const tagId of tagIds) {
    const days = Array.from({ length: 7 }, (_, index) => dayStart(now) - index * DAY_MS);
    histories.set(
      tagId,
      days.map((day) => {
        const inDay = rows.filter((row) => {
          const time = Date.parse(row.created_at);
          return row.tag_id === tagId && time >= day && time < day + DAY_MS;
        });
        return {
          day: String(day / 1000),
          uses: String(inDay.length),
          accounts: String(new Set(inDay.map((row) => row.account_id)).size),
        };
      }),
    );
  }
  return histories;
}

export function tagUrl(ctx: AppContext, name: string): string {
  return `${ctx.config.publicUrl}/tags/${encodeURIComponent(name)}`;
}
