import type { Block } from '@fedify/vocab';
import { Accept, Follow, Reject, type Activity } from '@fedify/vocab';
import { followAccount, unfollowAccount, acceptFollowRequests } from '../../accounts/follows.js';
import { blockAccount, unblockAccount } from '../../accounts/safety.js';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { transactionWithEvents } from '../../events/transaction.js';
import { ApiError } from '../../http/errors.js';
import { newId } from '../../lib/ids.js';
import { isFollowing } from '../../relationships/store.js';
import { deliverToActor } from '../outbox.js';
import { onQuoteAnswer } from './quotes.js';
import { blocks, embeddedObject, localAccountOf, objectOf, senderOf, type Inbox } from './sender.js';
import { runtimeOf } from '../runtime.js';
import { findAccountById } from '../../accounts/store.js';

/** A remote Follow's id is kept this long so that the Accept sent when a locked account authorizes it names it. */
const FOLLOW_MEMORY = Temporal.Duration.from({ days: 90 });

interface RememberedFollow {
  followerId: string;
  targetId: string;
}

const followKey = (uri: string) => ['palchat', 'follow', uri] as const;
const followPairKey = (followerId: string, targetId: string) =>
  ['palchat', 'follow-pair', followerId, targetId] as const;

async function rememberFollow(ctx: AppContext, uri: string, follow: RememberedFollow): Promise<void> {
  const kv = runtimeOf(ctx)?.kv;
  if (!kv) return;
  await kv.set(followKey(uri), follow, { ttl: FOLLOW_MEMORY });
  await kv.set(followPairKey(follow.followerId, follow.targetId), uri, { ttl: FOLLOW_MEMORY });
}

/** A repeated Follow of an account already followed is answered again at most this often. */
const ACCEPT_REPEAT = Temporal.Duration.from({ days: 1 });
const acceptedKey = (followerId: string, targetId: string) =>
  ['palchat', 'follow-accepted', followerId, targetId] as const;

async function acceptedRecently(ctx: AppContext, followerId: string, targetId: string): Promise<boolean> {
  return Boolean(await runtimeOf(ctx)?.kv.get(acceptedKey(followerId, targetId)));
}

export async function markAccepted(ctx: AppContext, followerId: string, targetId: string): Promise<void> {
  await runtimeOf(ctx)?.kv.set(acceptedKey(followerId, targetId), true, { ttl: ACCEPT_REPEAT });
}

async function rememberedFollow(ctx: AppContext, uri: string): Promise<RememberedFollow | undefined> {
  return runtimeOf(ctx)?.kv.get<RememberedFollow>(followKey(uri));
}

const actorUri = (ctx: AppContext, account: AccountRow) =>
  new URL(account.uri ?? `${ctx.config.publicUrl}/users/${account.username}`);

/**
 * Answers a remote account's Follow of a local one with an Accept or a Reject naming that Follow (its id when we
 * were told it). The relationship subscribers send it when a local account takes or turns down a remote one's
 * follow (outgoing/relationship-subscribers.ts).
 */
export async function answerRemoteFollow(
  ctx: AppContext,
  local: AccountRow,
  remote: AccountRow,
  answer: 'accept' | 'reject',
): Promise<void> {
  if (!remote.domain || !remote.uri) return;
  const followUri = await runtimeOf(ctx)?.kv.get<string>(followPairKey(remote.id, local.id));
  const localUri = actorUri(ctx, local);
  const follow = new Follow({
    id: followUri ? new URL(followUri) : null,
    actor: new URL(remote.uri),
    object: localUri,
  });
  const values = {
    id: new URL(`${localUri.href}#${answer}s/follows/${newId()}`),
    actor: localUri,
    object: follow,
  };
  await deliverToActor(ctx, local, remote, answer === 'accept' ? new Accept(values) : new Reject(values));
}

/**
 * Follow of a local account, through the same command as the API's: an open account is followed at once (its
 * Followed event sends the Accept, relationship-subscribers.ts), a locked one gets a follow request (the Accept
 * waits for its owner), a block is answered with a Reject. A repeated Follow of an account already followed is
 * accepted again, as Mastodon does, but at most once a day (300 Follows sent 301 Accepts back).
 */
export async function onFollow(inbox: Inbox, follow: Follow): Promise<void> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, follow);
  const target = await localAccountOf(ctx, follow.objectId);
  if (!sender || !target || !follow.id) return;
  await rememberFollow(ctx, follow.id.href, { followerId: sender.id, targetId: target.id });
  if (await blocks(ctx, target, sender)) return answerRemoteFollow(ctx, target, sender, 'reject');
  const repeated = await isFollowing(ctx.db, sender.id, target.id);
  if (repeated && (await acceptedRecently(ctx, sender.id, target.id))) return;
  try {
    await followAccount(ctx, sender, target, {});
  } catch (error) {
    // blocked either way (the remote account blocked this one earlier)
    if (error instanceof ApiError) return answerRemoteFollow(ctx, target, sender, 'reject');
    throw error;
  }
  if (!repeated) return;
  await markAccepted(ctx, sender.id, target.id);
  await answerRemoteFollow(ctx, target, sender, 'accept');
}

/**
 * The local follower and remote target of a Follow that an Accept/Reject/Undo names: embedded (its actor and
 * object), or by id, a Follow this server sent (ids under the local actor's URI, `/users/NAME#follows/…`).
 */
async function localFollowOf(inbox: Inbox, activity: Activity, remote: AccountRow) {
  const ctx = inbox.data;
  const id = activity.objectId;
  if (id && id.origin === new URL(ctx.config.publicUrl).origin) {
    const embedded = activity.objectIds.length === 1 ? await embeddedObject(inbox, activity) : null;
    if (!(embedded instanceof Follow)) return localAccountOf(ctx, new URL(id.href.split('#')[0] ?? id.href));
  }
  const object = await objectOf(inbox, activity);
  if (!(object instanceof Follow) || object.objectId?.href !== remote.uri) return undefined;
  return localAccountOf(ctx, object.actorId);
}

/** Accept(Follow): our pending follow of the sender becomes a follow. */
export async function onAccept(inbox: Inbox, accept: Accept): Promise<void> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, accept);
  if (!sender) return;
  if (await onQuoteAnswer(ctx, accept, sender)) return;
  const follower = await localFollowOf(inbox, accept, sender);
  if (!follower) return;
  await transactionWithEvents(ctx, (tx, emit) => acceptFollowRequests(tx, emit, sender.id, follower.id));
}

/** Reject(Follow): our follow request (or follow) of the sender ends. */
export async function onReject(inbox: Inbox, reject: Reject): Promise<void> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, reject);
  if (!sender) return;
  if (await onQuoteAnswer(ctx, reject, sender)) return;
  const follower = await localFollowOf(inbox, reject, sender);
  if (follower) await unfollowAccount(ctx, follower, sender);
}

/** Undo(Follow) by its follower: the follow or the request ends. */
export async function undoFollow(
  ctx: AppContext,
  sender: AccountRow,
  follow: Follow | URL,
): Promise<boolean> {
  let target: AccountRow | undefined;
  if (follow instanceof Follow) {
    target = await localAccountOf(ctx, follow.objectId);
  } else {
    const remembered = await rememberedFollow(ctx, follow.href);
    if (remembered?.followerId !== sender.id) return false;
    target = await findAccountById(ctx.db, remembered.targetId);
  }
  if (!target) return false;
  await unfollowAccount(ctx, sender, target);
  return true;
}

/** Block of a local account: follows both ways end; the blocked one sees nothing more from the sender. */
export async function onBlock(inbox: Inbox, block: Block): Promise<void> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, block);
  const target = await localAccountOf(ctx, block.objectId);
  if (sender && target) await blockAccount(ctx, sender, target);
}

export async function undoBlock(ctx: AppContext, sender: AccountRow, block: Block): Promise<boolean> {
  const target = await localAccountOf(ctx, block.objectId);
  if (!target) return false;
  await unblockAccount(ctx, sender, target);
  return true;
}
