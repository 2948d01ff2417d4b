import type { ScheduledStatus, ScheduledStatusParams } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import { findEnabledAccountById } from '../accounts/store.js';
import type { AppContext } from '../context.js';
import { databaseNowCheckingSkew } from '../db/clock.js';
import { createOnce } from '../db/idempotency.js';
import type { ExpressionBuilder } from 'kysely';
import type { Database, ScheduledStatusesTable } from '../db/schema.js';
import { ApiError, notFound, unprocessable } from '../http/errors.js';
import { isId, newId, storedId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { serializeMedia } from '../media/serializer.js';
import { newestFirst, paginateQuery, type PageQuery } from '../timelines/pagination.js';
import { checkContent, createStatus } from './compose.js';
import type { StatusInput } from './schema.js';
import { findVisibleStatus } from './service.js';
import { reserveMedia } from './status-media.js';
import { message } from '../i18n/format.js';

/** Mastodon's rules: at least five minutes ahead, 300 waiting at once, 25 for any one day. */
const MINIMUM_OFFSET_MS = 5 * 60_000;
export const SCHEDULED_TOTAL_LIMIT = 300;
export const SCHEDULED_DAILY_LIMIT = 25;
/** a claim this old belongs to a sweep that died: another may take the status */
const CLAIM_TIMEOUT_MS = 5 * 60_000;
const SWEEP_BATCH = 100;

const unpad = (id: string): string => id.replace(/^0+(?=\d)/, '');

function tooSoon(): ApiError {
  return unprocessable('statuses.scheduled_too_soon', 'scheduled_too_soon');
}

function readTime(value: string): Date {
  const time = new Date(value);
  if (Number.isNaN(time.getTime())) throw unprocessable('statuses.scheduled_invalid', 'scheduled_at');
  return time;
}

/**
 * When a posted status is to be published: null for at once (no scheduled_at, or a time already past, as
 * Mastodon posts those straight away); 422 for a time less than five minutes ahead or unreadable.
 */
export function publishTime(scheduledAt: string | null | undefined, now = Date.now()): Date | null {
  if (!scheduledAt) return null;
  const time = readTime(scheduledAt);
  if (time.getTime() <= now) return null;
  if (time.getTime() - now < MINIMUM_OFFSET_MS) throw tooSoon();
  return time;
}

function paramsOf(input: StatusInput, idempotencyKey: string | undefined): ScheduledStatusParams {
  const content = checkContent(input);
  return {
    text: content.text,
    poll: content.poll
      ? {
          options: content.poll.options,
          expires_in: content.poll.expiresIn,
          multiple: content.poll.multiple,
          hide_totals: content.poll.hideTotals,
        }
      : null,
    media_ids: content.mediaIds.length ? content.mediaIds : null,
    sensitive: input.sensitive ?? null,
    spoiler_text: content.spoilerText || null,
    visibility: input.visibility ?? null,
    scheduled_at: null,
    in_reply_to_id: input.in_reply_to_id ?? null,
    language: input.language ?? null,
    application_id: null,
    idempotency: idempotencyKey ?? null,
    with_rate_limit: false,
  };
}

/** The status input a scheduled status publishes. */
function inputOf(params: ScheduledStatusParams): StatusInput {
  return {
    status: params.text,
    media_ids: params.media_ids ?? undefined,
    poll: params.poll,
    sensitive: params.sensitive ?? undefined,
    spoiler_text: params.spoiler_text ?? undefined,
    visibility: params.visibility ?? undefined,
    in_reply_to_id: params.in_reply_to_id,
    ...(params.language === null ? {} : { language: params.language }),
  };
}

async function checkLimits(
  ctx: AppContext,
  author: AccountRow,
  time: Date,
  exceptId?: string,
): Promise<void> {
  const count = async (from?: string, to?: string) => {
    let query = ctx.db
      .selectFrom('scheduled_statuses')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('account_id', '=', author.id);
    if (exceptId) query = query.where('id', '!=', exceptId);
    if (from && to) query = query.where('scheduled_at', '>=', from).where('scheduled_at', '<', to);
    return Number((await query.executeTakeFirst())?.count ?? 0);
  };
  if ((await count()) >= SCHEDULED_TOTAL_LIMIT) {
    throw unprocessable(
      message('statuses.scheduled_total', { max: SCHEDULED_TOTAL_LIMIT }),
      'scheduled_over_total_limit',
    );
  }
  const day = new Date(Date.UTC(time.getUTCFullYear(), time.getUTCMonth(), time.getUTCDate()));
  const nextDay = new Date(day.getTime() + 86_400_000);
  if ((await count(day.toISOString(), nextDay.toISOString())) >= SCHEDULED_DAILY_LIMIT) {
    throw unprocessable(
      message('statuses.scheduled_daily', { max: SCHEDULED_DAILY_LIMIT }),
      'scheduled_over_daily_limit',
    );
  }
}

/**
 * POST /api/v1/statuses with a scheduled_at five minutes or more ahead: the status is checked as if posted now
 * (content, reply, media), and kept with its uploads reserved until the sweep publishes it.
 */
export async function scheduleStatus(
  ctx: AppContext,
  author: AccountRow,
  input: StatusInput,
  time: Date,
  idempotencyKey?: string,
): Promise<ScheduledStatus> {
  const params = paramsOf(input, idempotencyKey);
  if (params.in_reply_to_id) {
    await findVisibleStatus(ctx.db, author, params.in_reply_to_id).catch(() => {
      throw unprocessable('statuses.reply_missing', 'reply_missing');
    });
  }
  await checkLimits(ctx, author, time);
  const { value } = await createOnce<ScheduledStatusesTable>(
    ctx.db,
    { accountId: author.id, kind: 'scheduled_status', key: idempotencyKey },
    {
      load: (id) => ownScheduled(ctx, author, id),
      create: async (claimKey) => {
        const row: ScheduledStatusesTable = {
          id: newId(),
          account_id: author.id,
          scheduled_at: time.toISOString(),
          params: JSON.stringify(params),
          claimed_at: null,
          created_at: nowIso(),
        };
        await ctx.db.transaction().execute(async (tx) => {
          await tx.insertInto('scheduled_statuses').values(row).execute();
          await claimKey(tx, row.id);
          await reserveMedia(tx, author, params.media_ids ?? [], row.id);
        });
        return row;
      },
    },
  );
  return serializeScheduled(ctx, value);
}

async function ownScheduled(
  ctx: AppContext,
  author: AccountRow,
  id: string,
): Promise<ScheduledStatusesTable | undefined> {
  if (!isId(id)) return undefined;
  return ctx.db
    .selectFrom('scheduled_statuses')
    .selectAll()
    .where('id', '=', storedId(id))
    .where('account_id', '=', author.id)
    .executeTakeFirst();
}

async function findOwnScheduled(ctx: AppContext, author: AccountRow, id: string) {
  const row = await ownScheduled(ctx, author, id);
  if (!row) throw notFound();
  return row;
}

async function serializeAll(ctx: AppContext, rows: ScheduledStatusesTable[]): Promise<ScheduledStatus[]> {
  const media = rows.length
    ? await ctx.db
        .selectFrom('media_attachments')
        .selectAll()
        .where(
          'scheduled_status_id',
          'in',
          rows.map((row) => row.id),
        )
        .execute()
    : [];
  return rows.map((row) => {
    const params = JSON.parse(row.params) as ScheduledStatusParams;
    const mine = new Map(
      media.filter((item) => item.scheduled_status_id === row.id).map((item) => [item.id, item]),
    );
    return {
      id: unpad(row.id),
      scheduled_at: row.scheduled_at,
      params,
      // in the order the status will carry them
      media_attachments: (params.media_ids ?? []).flatMap((mediaId) => {
        const item = mine.get(mediaId);
        return item ? [serializeMedia(ctx.config, item)] : [];
      }),
    };
  });
}

async function serializeScheduled(ctx: AppContext, row: ScheduledStatusesTable): Promise<ScheduledStatus> {
  const [serialized] = await serializeAll(ctx, [row]);
  if (!serialized) throw notFound();
  return serialized;
}

/** GET /api/v1/scheduled_statuses: newest first, by id. */
export async function listScheduled(
  ctx: AppContext,
  author: AccountRow,
  page: PageQuery,
): Promise<ScheduledStatus[]> {
  const rows = await paginateQuery(
    ctx.db.selectFrom('scheduled_statuses').selectAll().where('account_id', '=', author.id),
    'id',
    page,
  ).execute();
  return serializeAll(ctx, newestFirst(rows, page));
}

export async function showScheduled(
  ctx: AppContext,
  author: AccountRow,
  id: string,
): Promise<ScheduledStatus> {
  return serializeScheduled(ctx, await findOwnScheduled(ctx, author, id));
}

/** PUT /api/v1/scheduled_statuses/:id: a new time, five minutes or more ahead, within the limits. */
export async function reschedule(
  ctx: AppContext,
  author: AccountRow,
  id: string,
  scheduledAt: string,
): Promise<ScheduledStatus> {
  const row = await findOwnScheduled(ctx, author, id);
  const time = readTime(scheduledAt);
  if (time.getTime() - Date.now() < MINIMUM_OFFSET_MS) throw tooSoon();
  await checkLimits(ctx, author, time, row.id);
  const updated = await ctx.db
    .updateTable('scheduled_statuses')
    .set({ scheduled_at: time.toISOString() })
    .where('id', '=', row.id)
    .where('claimed_at', 'is', null)
    .executeTakeFirst();
  // a sweep took it meanwhile: it is being published
  if (Number(updated.numUpdatedRows) === 0) throw notFound();
  return serializeScheduled(ctx, { ...row, scheduled_at: time.toISOString() });
}

/**
 * Removes a scheduled status and gives its uploads back to the author, unused, in one transaction; with
 * `unclaimedOnly`, not one a sweep is publishing (404 then, and nothing changes).
 */
async function discard(ctx: AppContext, id: string, { unclaimedOnly }: { unclaimedOnly: boolean }) {
  await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('media_attachments')
      .set({ scheduled_status_id: null })
      .where('scheduled_status_id', '=', id)
      .execute();
    let removal = tx.deleteFrom('scheduled_statuses').where('id', '=', id);
    if (unclaimedOnly) removal = removal.where('claimed_at', 'is', null);
    const deleted = await removal.executeTakeFirst();
    if (Number(deleted.numDeletedRows) === 0) throw notFound();
  });
}

/** DELETE /api/v1/scheduled_statuses/:id */
export async function cancelScheduled(ctx: AppContext, author: AccountRow, id: string): Promise<void> {
  const row = await findOwnScheduled(ctx, author, id);
  await discard(ctx, row.id, { unclaimedOnly: true });
}

/** Rows no sweep holds: never claimed, or claimed longer ago than CLAIM_TIMEOUT_MS (that sweep died). */
function claimable(now: number) {
  const stale = new Date(now - CLAIM_TIMEOUT_MS).toISOString();
  return (eb: ExpressionBuilder<Database, 'scheduled_statuses'>) =>
    eb.or([eb('claimed_at', 'is', null), eb('claimed_at', '<', stale)]);
}

/**
 * Takes the due scheduled status for this sweep: once across processes, as the update succeeds for one only.
 * A claim older than CLAIM_TIMEOUT_MS is taken over (its sweep died before publishing).
 */
async function claim(ctx: AppContext, id: string, now: number): Promise<boolean> {
  const claimed = await ctx.db
    .updateTable('scheduled_statuses')
    .set({ claimed_at: new Date(now).toISOString() })
    .where('id', '=', id)
    .where(claimable(now))
    .executeTakeFirst();
  return Number(claimed.numUpdatedRows) === 1;
}

/**
 * Publishes one claimed scheduled status as its author posting it now. The status and the removal of the
 * scheduled one share a transaction. A status that can no longer be posted (its author disabled, the status
 * it replies to gone) is dropped, its uploads released, rather than tried again for ever.
 */
async function publish(ctx: AppContext, row: ScheduledStatusesTable): Promise<void> {
  const author = await findEnabledAccountById(ctx.db, row.account_id);
  try {
    if (!author) throw unprocessable('statuses.author_gone');
    const params = JSON.parse(row.params) as ScheduledStatusParams;
    await createStatus(ctx, author, inputOf(params), { scheduledStatusId: row.id });
  } catch (error) {
    if (!(error instanceof ApiError) || error.statusCode >= 500) throw error;
    await discard(ctx, row.id, { unclaimedOnly: false });
    throw error;
  }
}

/**
 * The periodic sweep: publishes every scheduled status whose time has come by the database's clock (not this
 * process's, which may run fast); returns how many it published.
 */
export async function publishDueStatuses(
  ctx: AppContext,
  log: { warn: (details: object, message: string) => void },
): Promise<number> {
  const now = await databaseNowCheckingSkew(ctx.db, log);
  const due = await ctx.db
    .selectFrom('scheduled_statuses')
    .selectAll()
    .where('scheduled_at', '<=', new Date(now).toISOString())
    .where(claimable(now))
    .orderBy('scheduled_at')
    .limit(SWEEP_BATCH)
    .execute();
  let published = 0;
  for (const row of due) {
    if (!(await claim(ctx, row.id, now))) continue;
    try {
      await publish(ctx, row);
      published += 1;
    } catch (error) {
      log.warn({ err: error, scheduledStatusId: row.id }, 'scheduled status not published');
    }
  }
  return published;
}
