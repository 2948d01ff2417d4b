import { z } from 'zod';
import { accountsCreatedBetween } from '../accounts/store.js';
import type { Db } from '../db/index.js';
import { storedId } from '../lib/ids.js';
import { statusDatesBetween } from '../statuses/store.js';

/**
 * The admin dashboard's numbers (Mastodon's measures, dimensions and retention). An account is "active" on a
 * day when it posted, boosted or favourited that day: the activity the database records.
 */

const DAY_MS = 24 * 60 * 60 * 1000;

export const dateSchema = z
  .string()
  .trim()
  .transform((value, issue) => {
    const time = Date.parse(value);
    if (Number.isNaN(time)) {
      issue.addIssue({ code: 'custom', message: 'is not a date' });
      return z.NEVER;
    }
    return new Date(time).toISOString().slice(0, 10);
  });

export const keysSchema = z.preprocess(
  (value) => (typeof value === 'string' ? [value] : value),
  z.array(z.string()).default([]),
);

export const measuresInputSchema = z.object({
  keys: keysSchema,
  start_at: dateSchema,
  end_at: dateSchema,
  tag_accounts: z.object({ id: z.coerce.string() }).optional(),
  tag_uses: z.object({ id: z.coerce.string() }).optional(),
});

export const retentionInputSchema = z.object({
  start_at: dateSchema,
  end_at: dateSchema,
  frequency: z.enum(['day', 'month']).default('day'),
});

/** Every day from start to end (YYYY-MM-DD), both included. */
function daysBetween(start: string, end: string): string[] {
  const days: string[] = [];
  for (let time = Date.parse(start); time <= Date.parse(end) && days.length < 366 * 2; time += DAY_MS)
    days.push(new Date(time).toISOString().slice(0, 10));
  return days;
}

const dayOf = (iso: string): string => iso.slice(0, 10);
export const endOfDay = (day: string): string => `${day}T23:59:59.999Z`;
export const startOfDay = (day: string): string => `${day}T00:00:00.000Z`;

interface Dated {
  account_id: string;
  created_at: string;
}

/** Who did something when, in [start, end]: posts and boosts, and favourites. */
async function activity(db: Db, from: string, to: string): Promise<Dated[]> {
  return statusDatesBetween(db, from, to)
    .unionAll(
      db
        .selectFrom('favourites')
        .select(['account_id', 'created_at'])
        .where('created_at', '>=', from)
        .where('created_at', '<=', to),
    )
    .execute();
}

export interface Measure {
  key: string;
  unit: string | null;
  total: string;
  previous_total?: string;
  data: { date: string; value: string }[];
}

/** Counts per day of some rows; `distinct` counts each account once a day and once in the total. */
function measureOf(
  key: string,
  days: string[],
  rows: Dated[],
  distinct: boolean,
  previous?: number,
): Measure {
  const perDay = new Map<string, Set<string> | number>();
  for (const row of rows) {
    const day = dayOf(row.created_at);
    if (distinct) {
      const seen = (perDay.get(day) as Set<string> | undefined) ?? new Set<string>();
      seen.add(row.account_id);
      perDay.set(day, seen);
    } else perDay.set(day, ((perDay.get(day) as number | undefined) ?? 0) + 1);
  }
  const valueOf = (entry: Set<string> | number | undefined): number =>
    entry === undefined ? 0 : typeof entry === 'number' ? entry : entry.size;
  const total = distinct ? new Set(rows.map((row) => row.account_id)).size : rows.length;
  return {
    key,
    unit: null,
    total: String(total),
    ...(previous === undefined ? {} : { previous_total: String(previous) }),
    data: days.map((date) => ({ date: startOfDay(date), value: String(valueOf(perDay.get(date))) })),
  };
}

async function tagUses(db: Db, tagId: string, from: string, to: string): Promise<Dated[]> {
  return db
    .selectFrom('status_tags')
    .innerJoin('statuses', 'statuses.id', 'status_tags.status_id')
    .select(['statuses.account_id', 'statuses.created_at'])
    .where('status_tags.tag_id', '=', storedId(tagId))
    .where('statuses.created_at', '>=', from)
    .where('statuses.created_at', '<=', to)
    .execute();
}

/** Rows of the measure in [from, to]; null for keys this server does not measure (left out, as Mastodon does). */
async function measureRows(
  db: Db,
  key: string,
  input: z.infer<typeof measuresInputSchema>,
  from: string,
  to: string,
): Promise<{ rows: Dated[]; distinct: boolean } | null> {
  switch (key) {
    case 'active_users':
      return { rows: await activity(db, from, to), distinct: true };
    case 'new_users':
      return {
        rows: (await accountsCreatedBetween(db, from, to)).map(({ id, created_at }) => ({
          account_id: id,
          created_at,
        })),
        distinct: false,
      };
    case 'interactions':
      return { rows: await activity(db, from, to), distinct: false };
    case 'opened_reports':
      return {
        rows: await db
          .selectFrom('reports')
          .select(['account_id', 'created_at'])
          .where('created_at', '>=', from)
          .where('created_at', '<=', to)
          .execute(),
        distinct: false,
      };
    case 'resolved_reports': {
      const rows = await db
        .selectFrom('reports')
        .select(['account_id', 'action_taken_at'])
        .where('action_taken_at', '>=', from)
        .where('action_taken_at', '<=', to)
        .execute();
      return {
        rows: rows.map((row) => ({ account_id: row.account_id, created_at: row.action_taken_at ?? '' })),
        distinct: false,
      };
    }
    case 'tag_accounts':
      return input.tag_accounts
        ? { rows: await tagUses(db, input.tag_accounts.id, from, to), distinct: true }
        : null;
    case 'tag_uses':
      return input.tag_uses
        ? { rows: await tagUses(db, input.tag_uses.id, from, to), distinct: false }
        : null;
    default:
      return null;
  }
}

/** POST /api/v1/admin/measures; previous_total covers the same length of time just before start_at. */
export async function measures(db: Db, input: z.infer<typeof measuresInputSchema>): Promise<Measure[]> {
  const days = daysBetween(input.start_at, input.end_at);
  const span = days.length * DAY_MS;
  const previousFrom = new Date(Date.parse(startOfDay(input.start_at)) - span).toISOString();
  const previousTo = new Date(Date.parse(startOfDay(input.start_at)) - 1).toISOString();
  const results: Measure[] = [];
  for (const key of new Set(input.keys)) {
    const current = await measureRows(db, key, input, startOfDay(input.start_at), endOfDay(input.end_at));
    if (!current) continue;
    const previous = await measureRows(db, key, input, previousFrom, previousTo);
    const previousTotal = previous
      ? previous.distinct
        ? new Set(previous.rows.map((row) => row.account_id)).size
        : previous.rows.length
      : undefined;
    results.push(measureOf(key, days, current.rows, current.distinct, previousTotal));
  }
  return results;
}

export interface Cohort {
  period: string;
  frequency: 'day' | 'month';
  data: { date: string; rate: number; value: string }[];
}

/**
 * POST /api/v1/admin/retention: for each period's sign-ups, the share of them active in that period and
 * each later one up to end_at.
 */
export async function retention(db: Db, input: z.infer<typeof retentionInputSchema>): Promise<Cohort[]> {
  const periodOf = (iso: string) => (input.frequency === 'day' ? iso.slice(0, 10) : iso.slice(0, 7));
  const from = startOfDay(input.frequency === 'day' ? input.start_at : `${input.start_at.slice(0, 7)}-01`);
  const to = endOfDay(input.end_at);
  const [signUps, acts] = await Promise.all([accountsCreatedBetween(db, from, to), activity(db, from, to)]);
  const periods = [...new Set(daysBetween(from.slice(0, 10), input.end_at).map(periodOf))];
  const activeIn = new Map<string, Set<string>>();
  for (const act of acts) {
    const period = periodOf(act.created_at);
    activeIn.set(period, (activeIn.get(period) ?? new Set()).add(act.account_id));
  }
  const toDate = (period: string) => startOfDay(input.frequency === 'day' ? period : `${period}-01`);
  return periods.map((period, index) => {
    const cohort = signUps.filter((account) => periodOf(account.created_at) === period).map((row) => row.id);
    return {
      period: toDate(period),
      frequency: input.frequency,
      data: periods.slice(index).map((later) => {
        const active = cohort.filter((id) => activeIn.get(later)?.has(id)).length;
        return {
          date: toDate(later),
          rate: cohort.length ? active / cohort.length : 0,
          value: String(active),
        };
      }),
    };
  });
}
