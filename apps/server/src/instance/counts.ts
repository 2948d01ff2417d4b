import type { AppContext } from '../context.js';
import { isoDaysAgo } from '../lib/time.js';
import * as limits from './limits.js';

/** The figures the instance endpoints show; each is a count over every local account. */
export interface InstanceCounts {
  users: number;
  statuses: number;
  activeMonth: number;
}

/**
 * How long counted figures are served before they are counted again. Mastodon caches these too: they are
 * statistics, and counting every account on each request is what made `GET /api/v1/instance` slow at scale.
 */
export const INSTANCE_COUNTS_TTL_MS = 60_000;

const ROW_NAME = 'instance';

const toCount = (value: number | string | bigint | null | undefined): number => Number(value ?? 0);

async function countNow(ctx: AppContext): Promise<InstanceCounts> {
  const activeSince = isoDaysAgo(limits.ACTIVE_USERS_WINDOW_DAYS);
  const row = await ctx.db
    .selectFrom('accounts')
    .innerJoin('users', 'users.account_id', 'accounts.id')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('users'),
      eb.fn.sum<number | string | null>('accounts.statuses_count').as('statuses'),
      eb.fn
        .sum<number | string | null>(
          eb.case().when('accounts.last_active_at', '>=', activeSince).then(1).else(0).end(),
        )
        .as('active_month'),
    ])
    .where('accounts.approved', '=', 1)
    .executeTakeFirstOrThrow();
  return {
    users: toCount(row.users),
    statuses: toCount(row.statuses),
    activeMonth: toCount(row.active_month),
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
    };
    return { counts, countedAt: Number(stored.counted_at) };
  }
  const counts = await countNow(ctx);
  const row = {
    users: counts.users,
    statuses: counts.statuses,
    active_month: counts.activeMonth,
    counted_at: now,
  };
  await ctx.db
    .insertInto('instance_counts')
    .values({ name: ROW_NAME, ...row })
    .onConflict((oc) => oc.column('name').doUpdateSet(row))
    .execute();
  return { counts, countedAt: now };
}

interface Memo {
  expiresAt: number;
  counts: Promise<InstanceCounts>;
}

/** per server: within one process, concurrent and repeated requests share one read (or count) */
const memos = new WeakMap<AppContext, Memo>();

export function instanceCounts(ctx: AppContext, now = Date.now()): Promise<InstanceCounts> {
  const memo = memos.get(ctx);
  if (memo && memo.expiresAt > now) return memo.counts;
  const read = storedOrCounted(ctx, now);
  // shared by every request that arrives while it runs; then kept until the stored figures expire
  const fresh: Memo = { expiresAt: now + INSTANCE_COUNTS_TTL_MS, counts: read.then((r) => r.counts) };
  memos.set(ctx, fresh);
  read.then(
    ({ countedAt }) => {
      fresh.expiresAt = countedAt + INSTANCE_COUNTS_TTL_MS;
    },
    () => {
      if (memos.get(ctx) === fresh) memos.delete(ctx);
    },
  );
  return fresh.counts;
}
