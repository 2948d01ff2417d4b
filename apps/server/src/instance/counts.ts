import { countKnownDomains, localUserTotals } from '../accounts/store.js';
import type { AppContext } from '../context.js';
import { isoDaysAgo } from '../lib/time.js';
import * as limits from './limits.js';
import { KeptReads } from '../lib/kept-reads.js';

/** The figures the instance endpoints show: counts over every local account, and the servers known. */
export interface InstanceCounts {
  users: number;
  statuses: number;
  activeMonth: number;
  /** NodeInfo's activeHalfyear */
  activeHalfyear: number;
  /** other servers this one knows accounts of (Mastodon's domain_count) */
  domains: number;
}

/**
 * How long counted figures are served before they are counted again. Mastodon caches these too: they are
 * statistics, and counting every account on each request is what made `GET /api/v1/instance` slow at scale.
 */
export const INSTANCE_COUNTS_TTL_MS = 60_000;

const ROW_NAME = 'instance';

const HALF_YEAR_DAYS = 180;

const toCount = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

async function countNow(ctx: AppContext): Promise<InstanceCounts> {
  const activeSince = isoDaysAgo(limits.ACTIVE_USERS_WINDOW_DAYS);
  const activeHalfyearSince = isoDaysAgo(HALF_YEAR_DAYS);
  const row = await localUserTotals(ctx.db, activeSince, activeHalfyearSince);
  const domains = await countKnownDomains(ctx.db);
  return {
    users: toCount(row.users),
    statuses: toCount(row.statuses),
    activeMonth: toCount(row.active_month),
    activeHalfyear: toCount(row.active_halfyear),
    domains: toCount(domains.count),
  };
}

/**
 * The figures as counted at most INSTANCE_COUNTS_TTL_MS ago. Counted once and stored in `instance_counts`, so
 * that every process of the server (and a restarted one) reads the same row instead of counting again.
 */
async function storedOrCounted(
  ctx: AppContext,
  now: number,
): Promise<{ counts: InstanceCounts; countedAt: number }> {
  const stored = await ctx.db
    .selectFrom('instance_counts')
    .selectAll()
    .where('name', '=', ROW_NAME)
    .executeTakeFirst();
  if (stored && now - Number(stored.counted_at) < INSTANCE_COUNTS_TTL_MS) {
    const counts = {
      users: Number(stored.users),
      statuses: Number(stored.statuses),
      activeMonth: Number(stored.active_month),
      activeHalfyear: Number(stored.active_halfyear),
      domains: Number(stored.domains),
    };
    return { counts, countedAt: Number(stored.counted_at) };
  }
  const counts = await countNow(ctx);
  const row = {
    users: counts.users,
    statuses: counts.statuses,
    active_month: counts.activeMonth,
    active_halfyear: counts.activeHalfyear,
    domains: counts.domains,
    counted_at: now,
  };
  await ctx.db
    .insertInto('instance_counts')
    .values({ name: ROW_NAME, ...row })
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute();
  return { counts, countedAt: now };
}

/**
 * Per server context: the figures last read, so that a process reads the stored row once a minute. Past the
 * minute they are served once more while read (or counted) again: no request waits for it but the very first.
 */
const kept = new KeptReads<AppContext, { counts: InstanceCounts; countedAt: number }>(
  storedOrCounted,
  ({ countedAt }) => countedAt + INSTANCE_COUNTS_TTL_MS,
);

export async function instanceCounts(ctx: AppContext, now = Date.now()): Promise<InstanceCounts> {
  return (await kept.get(ctx, now)).counts;
}
