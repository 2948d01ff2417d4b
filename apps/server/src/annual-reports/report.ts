import type { Db } from '../db/index.js';
import { archetypeOf, type Archetype } from './campaign.js';
import { followDatesOf } from '../relationships/store.js';
import { accountStatusesBetween } from '../statuses/store.js';

/** Mastodon's report schema that this builds (4.6: archetype, time_series, top_hashtags, top_statuses). */
export const SCHEMA_VERSION = 2;

export interface AnnualReportData {
  archetype: Archetype;
  time_series: { month: number; statuses: number; followers: number }[];
  top_hashtags: { name: string; count: number }[];
  top_statuses: { by_reblogs: string | null; by_replies: string | null; by_favourites: string | null };
}

const yearBounds = (year: number) => ({
  from: new Date(Date.UTC(year, 0, 1)).toISOString(),
  to: new Date(Date.UTC(year + 1, 0, 1)).toISOString(),
});

/** The account's statuses (boosts included) written in the year and not deleted. */
function statusesOfYear(db: Db, accountId: string, year: number) {
  const { from, to } = yearBounds(year);
  return accountStatusesBetween(db, accountId, from, to);
}

/** Eligible: the account posted (or boosted) at least once in the year. */
export async function isEligible(db: Db, accountId: string, year: number): Promise<boolean> {
  const row = await statusesOfYear(db, accountId, year).select('statuses.id').limit(1).executeTakeFirst();
  return Boolean(row);
}

const monthOf = (iso: string): number => Number(iso.slice(5, 7));

function perMonth(dates: string[]): number[] {
  const counts = Array.from({ length: 12 }, () => 0);
  for (const date of dates) {
    const month = monthOf(date) - 1;
    counts[month] = (counts[month] ?? 0) + 1;
  }
  return counts;
}

async function postingCounts(db: Db, accountId: string, year: number) {
  const rows = await statusesOfYear(db, accountId, year)
    .leftJoin('polls', 'polls.status_id', 'statuses.id')
    .select([
      'statuses.created_at',
      'statuses.reblog_of_id',
      'statuses.in_reply_to_id',
      'statuses.in_reply_to_account_id',
      'polls.id as poll_id',
    ])
    .execute();
  const counts = { standalone: 0, replies: 0, boosts: 0, polls: 0 };
  for (const row of rows) {
    if (row.reblog_of_id) counts.boosts += 1;
    else if (row.in_reply_to_id && row.in_reply_to_account_id !== accountId) counts.replies += 1;
    else counts.standalone += 1;
    if (row.poll_id) counts.polls += 1;
  }
  return { counts, dates: rows.map((row) => row.created_at) };
}

async function followerDates(db: Db, accountId: string, year: number): Promise<string[]> {
  const { from, to } = yearBounds(year);
  return followDatesOf(db, accountId, from, to);
}

/** Schema 2 keeps the single most used hashtag; as Mastodon, one used once does not count. */
async function topHashtags(db: Db, accountId: string, year: number) {
  const rows = await statusesOfYear(db, accountId, year)
    .innerJoin('status_tags', 'status_tags.status_id', 'statuses.id')
    .innerJoin('tags', 'tags.id', 'status_tags.tag_id')
    .select((eb) => ['tags.name', eb.fn.countAll<number | string>().as('count')])
    .where('statuses.reblog_of_id', 'is', null)
    .groupBy(['tags.id', 'tags.name'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .orderBy('count', 'desc')
    .orderBy('tags.name')
    .limit(1)
    .execute();
  return rows.map((row) => ({ name: row.name, count: Number(row.count) }));
}

/** The most boosted of the year's own public or quiet public posts (schema 2: by boosts only). */
async function mostBoosted(db: Db, accountId: string, year: number): Promise<string | null> {
  const row = await statusesOfYear(db, accountId, year)
    .select('statuses.id')
    .where('statuses.reblog_of_id', 'is', null)
    .where('statuses.visibility', 'in', ['public', 'unlisted'])
    .where('statuses.reblogs_count', '>', 0)
    .orderBy('statuses.reblogs_count', 'desc')
    .orderBy('statuses.id', 'desc')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

/** Builds the account's report for the year from what the database holds now. */
export async function buildAnnualReport(db: Db, accountId: string, year: number): Promise<AnnualReportData> {
  const [posting, followers, hashtags, byReblogs] = await Promise.all([
    postingCounts(db, accountId, year),
    followerDates(db, accountId, year),
    topHashtags(db, accountId, year),
    mostBoosted(db, accountId, year),
  ]);
  const statusesPerMonth = perMonth(posting.dates);
  const followersPerMonth = perMonth(followers);
  return {
    archetype: archetypeOf(posting.counts),
    time_series: statusesPerMonth.map((statuses, index) => ({
      month: index + 1,
      statuses,
      followers: followersPerMonth[index] ?? 0,
    })),
    top_hashtags: hashtags,
    top_statuses: { by_reblogs: byReblogs, by_replies: null, by_favourites: null },
  };
}
