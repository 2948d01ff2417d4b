import type { Relationship } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { federateBlock, federateUnblock } from '../federation/outgoing/relationships.js';
import { answerRemoteFollow } from '../federation/inbox/follows.js';
import { followOrRequestId, unfollowAccount } from './follows.js';
import { loadRelationship } from './relationships.js';
import { dropEndorsement } from '../featured/endorsements.js';

async function dropFollow(tx: Tx, followerId: string, targetId: string): Promise<void> {
  const removed = await tx
    .deleteFrom('follows')
    .where('account_id', '=', followerId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirst();
  if (Number(removed.numDeletedRows) > 0) {
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
  await tx
    .deleteFrom('follow_requests')
    .where('account_id', '=', followerId)
    .where('target_account_id', '=', targetId)
    .execute();
}

/** Blocks `target`: follows and follow requests between the two end, the target leaves the viewer's lists. */
export async function blockAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  if (viewer.id === target.id) throw unprocessable('You cannot block yourself', 'self_block');
  const { blockId, endedFollowId } = await ctx.db.transaction().execute(async (tx) => {
    await tx
      .insertInto('blocks')
      .values({ id: newId(), account_id: viewer.id, target_account_id: target.id, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
      .execute();
    const block = await tx
      .selectFrom('blocks')
      .select('id')
      .where('account_id', '=', viewer.id)
      .where('target_account_id', '=', target.id)
      .executeTakeFirstOrThrow();
    const ended = await followOrRequestId(tx, viewer.id, target.id);
    await dropFollow(tx, viewer.id, target.id);
    await dropFollow(tx, target.id, viewer.id);
    await tx
      .deleteFrom('list_accounts')
      .where('account_id', '=', target.id)
      .where('list_id', 'in', (eb) => eb.selectFrom('lists').select('id').where('account_id', '=', viewer.id))
      .execute();
    await dropEndorsement(tx, viewer.id, target.id);
    return { blockId: block.id, endedFollowId: ended };
  });
  await federateBlock(ctx, viewer, target, blockId, endedFollowId);
  return loadRelationship(ctx.db, viewer.id, target.id);
}

export async function unblockAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  const block = await ctx.db
    .deleteFrom('blocks')
    .where('account_id', '=', viewer.id)
    .where('target_account_id', '=', target.id)
    .returning('id')
    .executeTakeFirst();
  if (block) await federateUnblock(ctx, viewer, target, block.id);
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
  if (viewer.id === target.id) throw unprocessable('You cannot mute yourself', 'self_mute');
  const expiresAt =
    options.duration > 0 ? new Date(Date.now() + options.duration * 1000).toISOString() : null;
  const hide = options.notifications ? (1 as const) : (0 as const);
  await ctx.db
    .insertInto('mutes')
    .values({
      id: newId(),
      account_id: viewer.id,
      target_account_id: target.id,
      hide_notifications: hide,
      expires_at: expiresAt,
      created_at: nowIso(),
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'target_account_id'])
        .doUpdateSet({ hide_notifications: hide, expires_at: expiresAt }),
    )
    .execute();
  return loadRelationship(ctx.db, viewer.id, target.id);
}

export async function unmuteAccount(
  ctx: AppContext,
  viewer: AccountRow,
  target: AccountRow,
): Promise<Relationship> {
  await ctx.db
    .deleteFrom('mutes')
    .where('account_id', '=', viewer.id)
    .where('target_account_id', '=', target.id)
    .execute();
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
  await ctx.db
    .insertInto('domain_blocks')
    .values({ id: newId(), account_id: viewer.id, domain, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'domain']).doNothing())
    .execute();
  const onDomain = (column: 'follows.account_id' | 'follows.target_account_id') =>
    ctx.db
      .selectFrom('follows')
      .innerJoin('accounts', 'accounts.id', column)
      .selectAll('accounts')
      // the domain, its subdomains, and the domain on another port (an acct names host:port then)
      .where((eb) =>
        eb.or([
          eb('accounts.domain', '=', domain),
          eb('accounts.domain', 'like', `%.${domain}`),
          eb('accounts.domain', 'like', `${domain}:%`),
        ]),
      );
  const followers = await onDomain('follows.account_id')
    .where('follows.target_account_id', '=', viewer.id)
    .execute();
  const followed = await onDomain('follows.target_account_id')
    .where('follows.account_id', '=', viewer.id)
    .execute();
  for (const follower of followers) {
    await ctx.db.transaction().execute((tx) => dropFollow(tx, follower.id, viewer.id));
    await answerRemoteFollow(ctx, viewer, follower, 'reject');
  }
  for (const target of followed) await unfollowAccount(ctx, viewer, target);
}
