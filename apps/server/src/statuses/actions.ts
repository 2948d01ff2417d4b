import type { Visibility } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import type { StatusesTable } from '../db/schema.js';
import { transactionWithEvents } from '../events/transaction.js';
import { forbidden, unprocessable } from '../http/errors.js';
import { MAX_PINNED_STATUSES } from '../instance/limits.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { recordNotification } from '../notifications/service.js';
import { adjustStatusesCount } from '../accounts/store.js';
import { adjustStatusCounter } from './counters.js';
import { removeStatus } from './compose.js';
import { removeStatusesFromFeeds } from '../timelines/feeds.js';
import { findVisibleStatus } from './service.js';
import { involving } from './visibility.js';
import { isBlockedEitherWay } from '../relationships/store.js';
import { message } from '../i18n/format.js';

/** Actions apply to the boosted status when given a boost, as in Mastodon. */
async function target(ctx: AppContext, viewer: AccountRow, id: string): Promise<StatusesTable> {
  const status = await findVisibleStatus(ctx.db, viewer, id);
  if (!status.reblog_of_id) return status;
  return findVisibleStatus(ctx.db, viewer, status.reblog_of_id);
}

/**
 * Boosts `id` (idempotent). Private statuses only by their author, and the boost stays private as in Mastodon;
 * direct ones never.
 */
export async function reblog(
  ctx: AppContext,
  viewer: AccountRow,
  id: string,
  visibility: Visibility = 'public',
): Promise<StatusesTable> {
  const original = await target(ctx, viewer, id);
  if (
    original.visibility === 'direct' ||
    (original.visibility === 'private' && original.account_id !== viewer.id)
  )
    throw unprocessable('statuses.not_boostable', 'not_boostable');
  if (await isBlockedEitherWay(ctx.db, viewer.id, original.account_id)) throw forbidden();
  const existing = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('account_id', '=', viewer.id)
    .where('reblog_of_id', '=', original.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (existing) return existing;
  const boost = boostOf(original, viewer.id, {
    visibility:
      original.visibility === 'private' ? 'private' : visibility === 'direct' ? 'public' : visibility,
    local: 1,
  });
  await storeBoost(ctx, viewer, boost, original, { notifyAuthor: true });
  return boost;
}

/** A new boost row of `original` by `boosterId` (not yet stored). */
export function boostOf(
  original: StatusesTable,
  boosterId: string,
  columns: Pick<StatusesTable, 'visibility' | 'local'> & Partial<StatusesTable>,
): StatusesTable {
  return {
    id: newId(),
    account_id: boosterId,
    in_reply_to_id: null,
    in_reply_to_account_id: null,
    reblog_of_id: original.id,
    conversation_id: null,
    text: '',
    spoiler_text: '',
    sensitive: 0,
    language: null,
    link_url: null,
    replies_count: 0,
    reblogs_count: 0,
    favourites_count: 0,
    created_at: nowIso(),
    edited_at: null,
    deleted_at: null,
    ...columns,
  };
}

/**
 * Stores a boost by `booster` with its counters and (with `notifyAuthor`) the original author's `reblog`
 * notification; its subscribers fan it out, deliver the notification, stream it and federate it
 * (StatusReblogged). False when a boost with the same uri exists (a remote Announce delivered twice).
 */
export async function storeBoost(
  ctx: AppContext,
  booster: AccountRow,
  boost: StatusesTable,
  original: StatusesTable,
  { notifyAuthor }: { notifyAuthor: boolean },
): Promise<boolean> {
  return transactionWithEvents(ctx, async (tx, emit) => {
    const inserted = await tx
      .insertInto('statuses')
      .values(boost)
      .onConflict((oc) => oc.column('uri').doNothing())
      .returning('id')
      .executeTakeFirst();
    if (!inserted) return false;
    await adjustStatusCounter(tx, original.id, 'reblogs_count', 1);
    await adjustStatusesCount(tx, boost.account_id, { delta: 1, at: boost.created_at });
    const notification = notifyAuthor
      ? await recordNotification(tx, {
          accountId: original.account_id,
          fromAccountId: boost.account_id,
          type: 'reblog',
          statusId: original.id,
        })
      : null;
    await emit({ type: 'StatusReblogged', booster, boost, original, notification });
    return true;
  });
}

/** Undoes the viewer's boost of `id`; answers the original status. */
export async function unreblog(ctx: AppContext, viewer: AccountRow, id: string): Promise<StatusesTable> {
  const original = await target(ctx, viewer, id);
  const boost = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('account_id', '=', viewer.id)
    .where('reblog_of_id', '=', original.id)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!boost) return original;
  await transactionWithEvents(ctx, async (tx, emit) => {
    await tx.updateTable('statuses').set({ deleted_at: nowIso() }).where('id', '=', boost.id).execute();
    await removeStatusesFromFeeds(tx, [boost.id]);
    await adjustStatusCounter(tx, original.id, 'reblogs_count', -1);
    await adjustStatusesCount(tx, viewer.id, { delta: -1 });
    await tx
      .deleteFrom('notifications')
      .where('type', '=', 'reblog')
      .where('from_account_id', '=', viewer.id)
      .where('status_id', '=', original.id)
      .execute();
    await emit({ type: 'StatusUnreblogged', booster: viewer, boost, original });
  });
  return original;
}

/**
 * A remote account's boost withdrawn (Undo(Announce)): removed as any status is, with the original author's
 * `reblog` notification. False when `boostUri` names no boost of `booster`.
 */
export async function withdrawBoost(
  ctx: AppContext,
  booster: AccountRow,
  boostUri: string,
): Promise<boolean> {
  const boost = await ctx.db
    .selectFrom('statuses')
    .selectAll()
    .where('uri', '=', boostUri)
    .where('account_id', '=', booster.id)
    .where('reblog_of_id', 'is not', null)
    .where('deleted_at', 'is', null)
    .executeTakeFirst();
  if (!boost?.reblog_of_id) return false;
  await removeStatus(ctx, boost);
  await ctx.db
    .deleteFrom('notifications')
    .where('type', '=', 'reblog')
    .where('from_account_id', '=', booster.id)
    .where('status_id', '=', boost.reblog_of_id)
    .execute();
  return true;
}

export async function favourite(ctx: AppContext, viewer: AccountRow, id: string): Promise<StatusesTable> {
  const status = await target(ctx, viewer, id);
  if (await isBlockedEitherWay(ctx.db, viewer.id, status.account_id)) throw forbidden();
  const favouriteId = newId();
  await transactionWithEvents(ctx, async (tx, emit) => {
    const inserted = await tx
      .insertInto('favourites')
      .values({ id: favouriteId, account_id: viewer.id, status_id: status.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'status_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    await adjustStatusCounter(tx, status.id, 'favourites_count', 1);
    const notification = await recordNotification(tx, {
      accountId: status.account_id,
      fromAccountId: viewer.id,
      type: 'favourite',
      statusId: status.id,
    });
    await emit({ type: 'StatusFavourited', account: viewer, status, favouriteId, notification });
  });
  return status;
}

export async function unfavourite(ctx: AppContext, viewer: AccountRow, id: string): Promise<StatusesTable> {
  const status = await target(ctx, viewer, id);
  await transactionWithEvents(ctx, async (tx, emit) => {
    const favourite = await tx
      .deleteFrom('favourites')
      .where('account_id', '=', viewer.id)
      .where('status_id', '=', status.id)
      .returning('id')
      .executeTakeFirst();
    if (!favourite) return;
    await adjustStatusCounter(tx, status.id, 'favourites_count', -1);
    await tx
      .deleteFrom('notifications')
      .where('type', '=', 'favourite')
      .where('from_account_id', '=', viewer.id)
      .where('status_id', '=', status.id)
      .execute();
    await emit({ type: 'StatusUnfavourited', account: viewer, status, favouriteId: favourite.id });
  });
  return status;
}

/** Every favourite of an account removed with its status's count, in the caller's write (the account goes). */
export async function removeFavouritesOf(tx: Tx, accountId: string): Promise<void> {
  const removed = await tx
    .deleteFrom('favourites')
    .where('account_id', '=', accountId)
    .returning('status_id')
    .execute();
  for (const { status_id: statusId } of removed)
    await adjustStatusCounter(tx, statusId, 'favourites_count', -1);
}

export async function bookmark(ctx: AppContext, viewer: AccountRow, id: string, on: boolean) {
  const status = await target(ctx, viewer, id);
  if (on) {
    await ctx.db
      .insertInto('bookmarks')
      .values({ id: newId(), account_id: viewer.id, status_id: status.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'status_id']).doNothing())
      .execute();
  } else {
    await ctx.db
      .deleteFrom('bookmarks')
      .where('account_id', '=', viewer.id)
      .where('status_id', '=', status.id)
      .execute();
  }
  return status;
}

/** Pins one of the viewer's own public, unlisted or private statuses to their profile (at most 5). */
export async function pin(ctx: AppContext, viewer: AccountRow, id: string, on: boolean) {
  const status = await findVisibleStatus(ctx.db, viewer, id);
  if (status.account_id !== viewer.id) throw unprocessable('statuses.pin_foreign', 'pin_foreign');
  if (status.reblog_of_id || status.visibility === 'direct')
    throw unprocessable('statuses.pin_unpinnable', 'pin_unpinnable');
  if (!on) {
    await ctx.db
      .deleteFrom('status_pins')
      .where('account_id', '=', viewer.id)
      .where('status_id', '=', status.id)
      .execute();
    return status;
  }
  await ctx.db.transaction().execute(async (tx) => {
    const count = await tx
      .selectFrom('status_pins')
      .select((eb) => eb.fn.countAll<number | string>().as('count'))
      .where('account_id', '=', viewer.id)
      .where('status_id', '!=', status.id)
      .executeTakeFirstOrThrow();
    if (Number(count.count) >= MAX_PINNED_STATUSES)
      throw unprocessable(message('statuses.pin_limit', { max: MAX_PINNED_STATUSES }), 'pin_limit');
    await tx
      .insertInto('status_pins')
      .values({ account_id: viewer.id, status_id: status.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'status_id']).doNothing())
      .execute();
  });
  return status;
}

/** Mutes (or unmutes) notifications from the status's thread; only for threads the viewer takes part in. */
export async function muteConversation(ctx: AppContext, viewer: AccountRow, id: string, on: boolean) {
  const status = await target(ctx, viewer, id);
  const conversationId = status.conversation_id ?? status.id;
  const involved =
    status.account_id === viewer.id ||
    Boolean(
      await ctx.db
        .selectFrom('statuses')
        .select('statuses.id')
        .where('statuses.conversation_id', '=', conversationId)
        .where(involving(viewer.id))
        .executeTakeFirst(),
    );
  if (!involved) throw unprocessable('statuses.not_involved', 'not_involved');
  if (on) {
    await ctx.db
      .insertInto('conversation_mutes')
      .values({ account_id: viewer.id, conversation_id: conversationId, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'conversation_id']).doNothing())
      .execute();
  } else {
    await ctx.db
      .deleteFrom('conversation_mutes')
      .where('account_id', '=', viewer.id)
      .where('conversation_id', '=', conversationId)
      .execute();
  }
  return status;
}
