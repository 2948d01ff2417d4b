import { Block, Follow, Undo } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import type { AccountsTable } from '../../db/schema.js';
import { actorUriOf } from '../recipients.js';
import { federate, sendTo, type OutgoingContext } from './send.js';

type Local = Pick<AccountRow, 'id' | 'username' | 'domain'>;

const isRemote = (account: AccountsTable) => Boolean(account.domain);

/** The Follow `follower` sends `target`; its id names the follow request row, as Mastodon's `#follows/{id}`. */
function followOf(
  context: OutgoingContext,
  follower: Local,
  target: AccountsTable,
  followId: string,
): Follow {
  const actor = context.getActorUri(follower.username);
  return new Follow({
    id: new URL(`${actor.href}#follows/${followId}`),
    actor,
    object: actorUriOf(context, target),
  });
}

/** Follow of a remote account; the request stays pending until its Accept arrives. */
export async function federateFollow(
  ctx: AppContext,
  follower: Local,
  target: AccountsTable,
  requestId: string,
) {
  if (!isRemote(target)) return;
  await federate(ctx, follower, 'Follow', async (context) => {
    await sendTo(context, follower.username, [target], followOf(context, follower, target, requestId));
  });
}

/** Undo(Follow) when a follow of a remote account ends or its request is withdrawn. */
export async function federateUnfollow(
  ctx: AppContext,
  follower: Local,
  target: AccountsTable,
  followId: string,
) {
  if (!isRemote(target)) return;
  await federate(ctx, follower, 'Undo(Follow)', async (context) => {
    const follow = followOf(context, follower, target, followId);
    const undo = new Undo({ id: new URL(`${follow.id!.href}/undo`), actor: follow.actorId, object: follow });
    await sendTo(context, follower.username, [target], undo);
  });
}

function blockOf(context: OutgoingContext, blocker: Local, target: AccountsTable, blockId: string): Block {
  const actor = context.getActorUri(blocker.username);
  return new Block({
    id: new URL(`${actor.href}#blocks/${blockId}`),
    actor,
    object: actorUriOf(context, target),
    to: actorUriOf(context, target),
  });
}

/**
 * Block of a remote account, delivered to it as Mastodon does, after Undo(Follow) for a follow the block
 * ended (the blocked side's follow ends on its server when the Block arrives).
 */
export async function federateBlock(
  ctx: AppContext,
  blocker: Local,
  target: AccountsTable,
  blockId: string,
  endedFollowId: string | null,
) {
  if (!isRemote(target)) return;
  if (endedFollowId) await federateUnfollow(ctx, blocker, target, endedFollowId);
  await federate(ctx, blocker, 'Block', async (context) => {
    await sendTo(context, blocker.username, [target], blockOf(context, blocker, target, blockId));
  });
}

export async function federateUnblock(
  ctx: AppContext,
  blocker: Local,
  target: AccountsTable,
  blockId: string,
) {
  if (!isRemote(target)) return;
  await federate(ctx, blocker, 'Undo(Block)', async (context) => {
    const block = blockOf(context, blocker, target, blockId);
    const undo = new Undo({
      id: new URL(`${block.id!.href}/undo`),
      actor: block.actorId,
      object: block,
      to: block.toId,
    });
    await sendTo(context, blocker.username, [target], undo);
  });
}
