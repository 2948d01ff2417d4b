import type { Relationship } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import { transactionWithEvents, type Emit } from '../events/transaction.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { recordNotification } from '../notifications/service.js';
import { homeFeed, mergeAuthorIntoFeed, removeAuthorFromFeed } from '../timelines/feeds.js';
import { loadRelationship } from '../relationships/serializer.js';
import { dropEndorsement } from '../featured/endorsements.js';
import {
  deleteFollow,
  deleteFollowRequest,
  deleteFollowRequestById,
  findFollow,
  findFollowRequest,
  followOrRequestId,
  insertFollow,
  insertFollowRequest,
  isBlockedEitherWay,
  pendingFollowRequests,
  updateFollowOptions,
  updateFollowRequestOptions,
} from '../relationships/store.js';

export interface FollowOptions {
  reblogs?: boolean | undefined;
  notify?: boolean | undefined;
}

async function adjustCounters(tx: Tx, followerId: string, targetId: string, delta: 1 | -1): Promise<void> {
  await tx
    .updateTable('accounts')
    .set((eb) => ({ following_count: eb('following_count', '+', delta) }))
    .where('id', '=', followerId)
    .execute();
  await tx
    .updateTable('accounts')
    .set((eb) => ({ followers_count: eb('followers_count', '+', delta) }))
    .where('id', '=', targetId)
    .execute();
}

const flag = (on: boolean) => (on ? (1 as const) : (0 as const));

/** The options given, as column changes (those left out keep their value). */
function optionChanges(options: FollowOptions) {
  return {
    ...(options.reblogs !== undefined ? { show_reblogs: flag(options.reblogs) } : {}),
    ...(options.notify !== undefined ? { notify: flag(options.notify) } : {}),
  };
}

/** Inserts the follow and bumps both counters; does nothing (false) when it already exists. */
async function createFollow(
  tx: Tx,
  followerId: string,
  targetId: string,
  options: FollowOptions,
  id: string,
): Promise<boolean> {
  const inserted = await insertFollow(tx, {
    id,
    followerId,
    targetId,
    show_reblogs: options.reblogs === false ? 0 : 1,
    notify: options.notify ? 1 : 0,
  });
  if (!inserted) return false;
  await adjustCounters(tx, followerId, targetId, 1);
  await mergeAuthorIntoFeed(tx, homeFeed(followerId), targetId);
  return true;
}

/**
 * Follows `target`, or asks to when the target is locked (the request keeps the reblogs/notify options).
 * Idempotent: following or asking again only updates the options.
 */
export async function followAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
  options: FollowOptions,
  /** bypassLocked: a local account that moved here follows without a request (accounts/move.ts) */
  { bypassLocked = false } = {},
): Promise<Relationship> {
  if (viewer.id === target.id) throw unprocessable('accounts.self_follow', 'self_follow');
  // a local account following a remote one asks its server, and the request waits for its Accept
  const asksRemote = !viewer.domain && Boolean(target.domain);
  await transactionWithEvents(ctx, async (tx, emit) => {
    if (await isBlockedEitherWay(tx, viewer.id, target.id)) throw forbidden();
    const existing = await findFollow(tx, viewer.id, target.id);
    const changes = optionChanges(options);
    if (existing) {
      if (Object.keys(changes).length) await updateFollowOptions(tx, existing.id, changes);
      return;
    }
    if ((target.locked && !bypassLocked) || asksRemote) {
      const pending = await findFollowRequest(tx, viewer.id, target.id);
      if (pending) {
        if (Object.keys(changes).length) await updateFollowRequestOptions(tx, pending.id, changes);
        return;
      }
      const requestId = newId();
      const inserted = await insertFollowRequest(tx, {
        id: requestId,
        requesterId: viewer.id,
        targetId: target.id,
        show_reblogs: flag(options.reblogs !== false),
        notify: flag(options.notify === true),
      });
      if (!inserted) return;
      const notification = asksRemote
        ? null
        : await recordNotification(tx, {
            accountId: target.id,
            fromAccountId: viewer.id,
            type: 'follow_request',
          });
      await emit({ type: 'FollowRequested', follower: viewer, target, requestId, notification });
      return;
    }
    const followId = newId();
    if (await createFollow(tx, viewer.id, target.id, options, followId)) {
      const notification = await recordNotification(tx, {
        accountId: target.id,
        fromAccountId: viewer.id,
        type: 'follow',
      });
      await emit({ type: 'Followed', follower: viewer, target, followId, notification });
    }
  });
  return loadRelationship(ctx.db, viewer.id, target.id);
}

/** Stops following (or withdraws the request); also leaves the viewer's lists and endorsements, as Mastodon does. */
export async function unfollowAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    const ended = await followOrRequestId(tx, viewer.id, target.id);
    if (await deleteFollow(tx, viewer.id, target.id)) {
      await adjustCounters(tx, viewer.id, target.id, -1);
      await removeAuthorFromFeed(tx, homeFeed(viewer.id), target.id);
    }
    if (await deleteFollowRequest(tx, viewer.id, target.id))
      await dropFollowRequestNotification(tx, viewer.id, target.id);
    await tx
      .deleteFrom('list_accounts')
      .where('account_id', '=', target.id)
      .where('list_id', 'in', (eb) => eb.selectFrom('lists').select('id').where('account_id', '=', viewer.id))
      .execute();
    await dropEndorsement(tx, viewer.id, target.id);
    if (ended) await emit({ type: 'Unfollowed', follower: viewer, target, followId: ended });
  });
  return loadRelationship(ctx.db, viewer.id, target.id);
}

/**
 * A follow request answered (or withdrawn) takes its notification with it, as on Mastodon: the request's
 * Authorize / Reject buttons are never shown again for a request that is gone.
 */
async function dropFollowRequestNotification(db: Tx, requesterId: string, targetId: string) {
  await db
    .deleteFrom('notifications')
    .where('account_id', '=', targetId)
    .where('from_account_id', '=', requesterId)
    .where('type', '=', 'follow_request')
    .execute();
}

/** Accepts a pending follow request from `requesterId`; 404 when there is none. */
export async function authorizeFollowRequest(
  ctx: AppContext,
  viewer: AccountRow,
  requesterId: string,
): Promise<Relationship> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    if (!(await acceptFollowRequests(tx, emit, viewer.id, requesterId))) throw notFound();
  });
  return loadRelationship(ctx.db, viewer.id, requesterId);
}

/**
 * Turns pending follow requests to `targetId` (all of them, or only `requesterId`'s) into follows with the
 * options they were made with (each a FollowAccepted); answers how many there were.
 */
export async function acceptFollowRequests(
  tx: Tx,
  emit: Emit,
  targetId: string,
  requesterId?: string,
): Promise<number> {
  const requests = await pendingFollowRequests(tx, targetId, requesterId);
  if (requests.length === 0) return 0;
  const accounts = await accountsById(tx, [targetId, ...requests.map((request) => request.account_id)]);
  for (const request of requests) {
    await deleteFollowRequestById(tx, request.id);
    await dropFollowRequestNotification(tx, request.account_id, targetId);
    // the follow keeps the request's id: the Follow activity sent for it names it (Undo names it again)
    await createFollow(
      tx,
      request.account_id,
      targetId,
      { reblogs: request.show_reblogs === 1, notify: request.notify === 1 },
      request.id,
    );
    const follower = accounts.get(request.account_id);
    const target = accounts.get(targetId);
    if (follower && target) await emit({ type: 'FollowAccepted', follower, target, followId: request.id });
  }
  return requests.length;
}

/** The accounts of `ids`, read in one query, by id. */
async function accountsById(tx: Tx, ids: readonly string[]): Promise<Map<string, AccountRow>> {
  const rows = await tx
    .selectFrom('accounts')
    .selectAll()
    .where('id', 'in', [...new Set(ids)])
    .execute();
  return new Map(rows.map((row) => [row.id, row]));
}

export async function rejectFollowRequest(
  ctx: AppContext,
  viewer: AccountRow,
  requesterId: string,
): Promise<Relationship> {
  await transactionWithEvents(ctx, async (tx, emit) => {
    if (!(await deleteFollowRequest(tx, requesterId, viewer.id))) throw notFound();
    await dropFollowRequestNotification(tx, requesterId, viewer.id);
    const requester = (await accountsById(tx, [requesterId])).get(requesterId);
    if (requester) await emit({ type: 'FollowRejected', follower: requester, target: viewer });
  });
  return loadRelationship(ctx.db, viewer.id, requesterId);
}
