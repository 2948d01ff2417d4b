import { sql } from 'kysely';
import type { AppContext } from '../context.js';
import { RedisEventBus } from '../streaming/redis-bus.js';

/** A check that has not answered by then counts as failed: a hung dependency must not hang the probe. */
const CHECK_TIMEOUT_MS = 3000;

export interface CheckResult {
  status: 'ok' | 'failed' | 'not_configured';
  error?: string;
  /** queue only: seconds the oldest due message has waited, and how many are due */
  oldest_due_seconds?: number;
  due?: number;
}

export interface DeepHealth {
  status: 'ok' | 'failing';
  /** the names of the failed checks, empty when all pass */
  failed: string[];
  checks: Record<'database' | 'redis' | 'queue', CheckResult>;
}

function withTimeout<T>(work: Promise<T>, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_resolve, reject) => {
    timer = setTimeout(
      () => reject(new Error(`${what} did not answer within ${CHECK_TIMEOUT_MS} ms`)),
      CHECK_TIMEOUT_MS,
    );
  });
  return Promise.race([work, timeout]).finally(() => clearTimeout(timer));
}

async function run(check: () => Promise<CheckResult>, what: string): Promise<CheckResult> {
  try {
    return await withTimeout(check(), what);
  } catch (error) {
    return { status: 'failed', error: error instanceof Error ? error.message : String(error) };
  }
}

async function checkDatabase(ctx: AppContext): Promise<CheckResult> {
  await sql`select 1`.execute(ctx.db);
  return { status: 'ok' };
}

async function checkRedis(ctx: AppContext): Promise<CheckResult> {
  if (!(ctx.bus instanceof RedisEventBus)) return { status: 'not_configured' };
  await ctx.bus.ready();
  return { status: 'ok' };
}

/** The federation queue is behind when a message due to run has waited past HEALTH_QUEUE_MAX_AGE_SECONDS. */
async function checkQueue(ctx: AppContext): Promise<CheckResult> {
  const now = Date.now();
  const nowIso = new Date(now).toISOString();
  const row = await ctx.db
    .selectFrom('federation_queue')
    .select((eb) => [
      eb.fn.min<string | null>('run_at').as('oldest'),
      eb.fn.countAll<number | string>().as('due'),
    ])
    .where('run_at', '<=', nowIso)
    .where((eb) => eb.or([eb('locked_until', 'is', null), eb('locked_until', '<=', nowIso)]))
    .executeTakeFirstOrThrow();
  const oldestDueSeconds = row.oldest ? Math.max(0, Math.floor((now - Date.parse(row.oldest)) / 1000)) : 0;
  const result = { oldest_due_seconds: oldestDueSeconds, due: Number(row.due) };
  const limit = ctx.config.healthQueueMaxAgeSeconds;
  if (oldestDueSeconds <= limit) return { status: 'ok', ...result };
  return {
    status: 'failed',
    error: `the oldest due federation message has waited ${oldestDueSeconds} s (limit ${limit} s): are the queue consumers running?`,
    ...result,
  };
}

/** `/health?deep=1`: the database, Redis (when the server uses it) and the federation queue's age. */
export async function deepHealth(ctx: AppContext): Promise<DeepHealth> {
  const [database, redis, queue] = await Promise.all([
    run(() => checkDatabase(ctx), 'the database'),
    run(() => checkRedis(ctx), 'Redis'),
    run(() => checkQueue(ctx), 'the federation queue'),
  ]);
  const checks = { database, redis, queue };
  const failed = Object.entries(checks)
    .filter(([, result]) => result.status === 'failed')
    .map(([name]) => name);
  return { status: failed.length === 0 ? 'ok' : 'failing', failed, checks };
}
