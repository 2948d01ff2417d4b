import type { Relationship } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import { emitCommitted, transactionWithEvents } from '../events/transaction.js';
import { unprocessable } from '../http/errors.js';
import { unfollowAccount } from './follows.js';
import { loadRelationship } from '../relationships/serializer.js';
import { dropEndorsement } from '../featured/endorsements.js';
import {
  deleteBlock,
  deleteFollow,
  deleteFollowRequest,
  deleteMute,
  followedOnDomain,
  followersOnDomain,
  followOrRequestId,
  insertBlock,
  insertDomainBlock,
  upsertMute,
} from '../relationships/store.js';

async function dropFollow(tx: Tx, followerId: string, targetId: string): Promise<void> {
  if (await deleteFollow(tx, followerId, targetId)) {
    await tx
      .updateTable('accounts')
      .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
      .where('id', '=', followerId)
      .where('following_count', '>', 0)
      .execute();
    await tx
      .updateTable('accounts')
      .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
      .where('id', '=', targetId)
      .where('followers_count', '>', 0)
      .execute();
  }
  await deleteFollowRequest(tx, followerId, targetId);
}

/** Blocks `target`: follows and follow requests between the two end, the target leaves the viewer's lists. */
export async function blockAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  if (viewer.id === target.id) throw unprocessable('accounts.self_block', 'self_block');
  await transactionWithEvents(ctx, async (tx, emit) => {
    const blockId = await insertBlock(tx, viewer.id, target.id);
    const endedFollowId = await followOrRequestId(tx, viewer.id, target.id);
    await dropFollow(tx, viewer.id, target.id);
    await dropFollow(tx, target.id, viewer.id);
    await tx
      .deleteFrom('list_accounts')
      .where('account_id', '=', target.id)
      .where('list_id', 'in', (eb) => eb.selectFrom('lists').select('id').where('account_id', '=', viewer.id))
      .execute();
    await dropEndorsement(tx, viewer.id, target.id);
    await emit({ type: 'Blocked', blocker: viewer, target, blockId, endedFollowId });
  });
  return loadRelationship(ctx.db, viewer.id, target.id);
}

export async function unblockAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  const blockId = await deleteBlock(ctx.db, viewer.id, target.id);
  if (blockId) await emitCommitted(ctx, { type: 'Unblocked', blocker: viewer, target, blockId });
  return loadRelationship(ctx.db, viewer.id, target.id);
}

export interface MuteOptions {
  notifications: boolean;
  /** seconds; 0 or absent mutes until undone */
  duration: number;
}

/** Mutes (or re-mutes with new options) `target`, optionally only for `duration` seconds. */
export async function muteAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
  options: MuteOptions,
): Promise<Relationship> {
  if (viewer.id === target.id) throw unprocessable('accounts.self_mute', 'self_mute');
  const expiresAt =
    options.duration > 0 ? new Date(Date.now() + options.duration * 1000).toISOString() : null;
  const hide = options.notifications ? (1 as const) : (0 as const);
  await upsertMute(ctx.db, viewer.id, target.id, { hide_notifications: hide, expires_at: expiresAt });
  return loadRelationship(ctx.db, viewer.id, target.id);
}

export async function unmuteAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  await deleteMute(ctx.db, viewer.id, target.id);
  return loadRelationship(ctx.db, viewer.id, target.id);
}

/** A domain as Mastodon stores it: lower-case host name, no scheme, port or path. */
export function normalizeDomain(raw: string): string | null {
  const trimmed = raw
    .trim()
    .toLowerCase()
    .replace(/^https?:\/\//, '')
    .replace(/[/:].*$/, '');
  return /^(?=.{1,253}$)([a-z0-9-]{1,63}\.)*[a-z0-9-]{1,63}$/.test(trimmed) && !trimmed.startsWith('-')
    ? trimmed
    : null;
}

/**
 * A user's block of a whole domain, as Mastodon's: stored, and the follows between the user and that domain's
 * accounts end both ways (their servers get a Reject of the follows of the user and an Undo of the user's).
 */
export async function blockDomainForAccount(
  ctx: AppContext,
  viewer: AccountRow,
  domain: string,
): Promise<void> {
  await insertDomainBlock(ctx.db, viewer.id, domain);
  const followers = await followersOnDomain(ctx.db, viewer.id, domain);
  const followed = await followedOnDomain(ctx.db, viewer.id, domain);
  for (const follower of followers) {
    await transactionWithEvents(ctx, async (tx, emit) => {
      await dropFollow(tx, follower.id, viewer.id);
      await emit({ type: 'FollowRejected', follower, target: viewer });
    });
  }
  for (const target of followed) await unfollowAccount(ctx, viewer, target);
}
