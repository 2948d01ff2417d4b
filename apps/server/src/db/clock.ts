import { sql } from 'kysely';
import { isPostgres, type Db } from './index.js';

/** A process whose clock is off from the database's by more than this is logged. */
export const CLOCK_SKEW_WARNING_MS = 5000;
const WARN_AGAIN_AFTER_MS = 10 * 60_000;
const lastWarning = new WeakMap<Db, number>();

/**
 * The database's clock, in ms since the epoch. Every process of a deployment reads the same one, so work that
 * is due at a time (scheduled posts) does not run early on a process whose own clock is fast. SQLite reads the
 * operating system's clock itself, not the process's Date.
 */
export async function databaseNow(db: Db): Promise<number> {
  const query = isPostgres(db)
    ? sql<{ ms: number | string }>`select extract(epoch from clock_timestamp()) * 1000 as ms`
    : sql<{ ms: number | string }>`select (julianday('now') - 2440587.5) * 86400000.0 as ms`;
  const { rows } = await query.execute(db);
  return Math.round(Number(rows[0]?.ms));
}

/**
 * databaseNow, logging (at most every ten minutes) when this process's clock is more than
 * CLOCK_SKEW_WARNING_MS ahead of the database's or behind it.
 */
export async function databaseNowCheckingSkew(
  db: Db,
  log: { warn: (details: object, message: string) => void },
): Promise<number> {
  const before = Date.now();
  const now = await databaseNow(db);
  const skewMs = Math.round((before + Date.now()) / 2 - now);
  const warnedAt = lastWarning.get(db);
  if (
    Math.abs(skewMs) > CLOCK_SKEW_WARNING_MS &&
    (warnedAt === undefined || now - warnedAt > WARN_AGAIN_AFTER_MS)
  ) {
    lastWarning.set(db, now);
    const seconds = Math.round(Math.abs(skewMs) / 1000);
    log.warn(
      { skewMs },
      `this process's clock is ${seconds} s ${skewMs > 0 ? 'ahead of' : 'behind'} the database's: scheduled work follows the database's clock (check NTP)`,
    );
  }
  return now;
}
