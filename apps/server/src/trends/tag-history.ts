import type { Tag } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import { publicStatusesLinkingTo } from '../statuses/store.js';

const DAY_MS = 24 * 60 * 60 * 1000;

function dayStart(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

const historySince = (now: number): string => new Date(dayStart(now) - 6 * DAY_MS).toISOString();

/** One entry per day for the last 7 days (newest first) of each key, from the uses (statuses) of that key. */
function dailyHistories(
  keys: string[],
  uses: { key: string; created_at: string; account_id: string }[],
  now: number,
): Map<string, Tag['history']> {
  const days = Array.from({ length: 7 }, (_, index) => dayStart(now) - index * DAY_MS);
  return new Map(
    keys.map((key) => [
      key,
      days.map((day) => {
        const inDay = uses.filter((use) => {
          const time = Date.parse(use.created_at);
          return use.key === key && time >= day && time < day + DAY_MS;
        });
        return {
          day: String(day / 1000),
          uses: String(inDay.length),
          accounts: String(new Set(inDay.map((use) => use.account_id)).size),
        };
      }),
    ]),
  );
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
  if (tagIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('status_tags')
    .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
    .select(['status_tags.tag_id as key', 'statuses.created_at', 'statuses.account_id'])
    .where('status_tags.tag_id', 'in', tagIds)
    .where('statuses.created_at', '>=', historySince(now))
    .where('statuses.visibility', '=', 'public')
    .where('statuses.deleted_at', 'is', null)
    .execute();
  return dailyHistories(tagIds, rows, now);
}

/** The same history for links: public statuses sharing each URL. */
export async function linkHistories(
  db: DbOrTx,
  urls: string[],
  now = Date.now(),
): Promise<Map<string, Tag['history']>> {
  if (urls.length === 0) return new Map();
  const rows = await publicStatusesLinkingTo(db, urls, historySince(now));
  return dailyHistories(
    urls,
    rows.map((row) => ({ ...row, key: row.link_url ?? '' })),
    now,
  );
}

export function tagUrl(ctx: AppContext, name: string): string {
  return `${ctx.config.publicUrl}/tags/${encodeURIComponent(name)}`;
}
