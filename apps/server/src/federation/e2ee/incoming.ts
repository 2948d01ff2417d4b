import type { Activity } from '@fedify/vocab';
import type { AccountRow } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { participantIds } from '../../messaging/access.js';
import {
  acceptRemoteEnvelope,
  acceptRemoteWelcome,
  createRemoteEncryptedConversation,
  storeRemoteKeyPackages,
  withdrawRemoteKeyPackage,
} from '../../e2ee/remote.js';
import { readGroupMessage } from '../../e2ee/framing.js';
import { findConversationIdByGroupId, findMlsState, remoteKeyPackageOwner } from '../../e2ee/store.js';
import { ApiError } from '../../http/errors.js';
import { accountOfActor } from '../chat/group-incoming.js';
import { senderOf, type Inbox } from '../inbox/sender.js';
import { runtimeOf } from '../runtime.js';
import { carriesMls, readForwarded, readRelay, type Relayed } from './inbound.js';
import { isJsonObject, mlsTypeOf, MlsObjectError, parseMlsObject, singleId } from './parse.js';
import { forwardedEnvelope } from './forwarded.js';
import { conversationCollectionUri } from './uris.js';

/**
 * MLS traffic arriving (docs/FEDERATION.md, "Encrypted chats (MLS)"), before the usual handling of Create,
 * Announce, Add, Remove and Delete (inbox/index.ts): a member's server forwarding one of its people's messages to
 * be ordered here, the home server's relay of an ordered message to this server's copy of the chat, and the key
 * package life cycle of remote people. What is wrong is dropped (the sender gets its 202); what comes too early
 * (a relay of an epoch this copy has not reached, of a chat whose group this server does not know yet) is
 * refused for now, so that Fedify's inbox queue tries it again later.
 */

type JsonObject = Record<string, unknown>;

/** A relay that overtook what comes before it in the chat: tried again later (Fedify's inbox retries). */
export class MlsNotYetError extends Error {
  override name = 'MlsNotYetError';
}

/** The conversation id of a collection of this server (`…/e2ee/conversations/{id}`), or null. */
function homeConversationOf(ctx: AppContext, collection: string): string | null {
  const id = /\/(\d{1,20})$/.exec(collection)?.[1];
  return id && conversationCollectionUri(ctx, id) === collection ? id : null;
}

/** Home: a member's server sent one of its people's messages to be ordered here. */
async function onForwarded(inbox: Inbox, activity: Activity, raw: JsonObject): Promise<void> {
  const ctx = inbox.data;
  const { object, collection } = readForwarded(raw);
  const conversationId = homeConversationOf(ctx, collection);
  if (!conversationId) throw new MlsObjectError('a forward of a chat not homed here');
  const sender = await senderOf(inbox, activity);
  if (!sender || sender.uri !== object.attributedTo) throw new MlsObjectError('an unknown or refused sender');
  const chat = await findMlsState(ctx.db, conversationId);
  if (!chat || chat.encrypted !== 1 || chat.mls_home_uri !== null)
    throw new MlsObjectError('no such chat here');
  if (!(await participantIds(ctx.db, conversationId)).includes(sender.id))
    throw new MlsObjectError('the sender does not take part in the chat');
  await acceptRemoteEnvelope(ctx, {
    conversationId,
    sender,
    message: object.content,
    signal: object.signal,
    remoteId: object.id,
    welcome: object.chat.mlsWelcome,
    groupInfo: object.chat.mlsGroupInfo,
  }).catch((error: unknown) => {
    throw refusedAsDropped(error);
  });
}

/** The domain refusing what came (a 4xx: not this chat's group, a Welcome it cannot use): dropped, not retried. */
function refusedAsDropped(error: unknown): unknown {
  return error instanceof ApiError && error.statusCode >= 400 && error.statusCode < 500
    ? new MlsObjectError(error.message)
    : error;
}

/** The local people a relayed Welcome is for (its `to`). */
async function localRecipients(inbox: Inbox, to: readonly string[]): Promise<AccountRow[]> {
  const accounts = await Promise.all(to.map((uri) => accountOfActor(inbox, uri)));
  return accounts.filter((account): account is AccountRow => account !== undefined && !account.domain);
}

/** This server's copy of the chat a relayed Welcome joins: found, made from the group's copy, or made now. */
async function copyForWelcome(inbox: Inbox, relayed: Relayed, author: AccountRow): Promise<string> {
  const ctx = inbox.data;
  const { chat } = relayed.object;
  const known = await findConversationIdByGroupId(ctx.db, chat.mlsGroupId ?? '');
  if (known) {
    if ((await findMlsState(ctx.db, known))?.mls_home_uri !== relayed.collection)
      throw new MlsObjectError('a Welcome to a chat homed elsewhere');
    return known;
  }
  const base = {
    creator: author,
    mlsGroupId: chat.mlsGroupId ?? '',
    homeUri: relayed.collection,
    epoch: chat.mlsEpoch ?? 0,
  };
  if (chat.groupActor) {
    if (new URL(chat.groupActor).origin !== new URL(relayed.collection).origin)
      throw new MlsObjectError("a group's actor is on its home server");
    // a group: its copy comes with the group's Update, which may still be on its way
    const copy = await ctx.db
      .selectFrom('conversations')
      .select('id')
      .where('group_uri', '=', chat.groupActor)
      .executeTakeFirst();
    if (!copy) throw new MlsNotYetError(`the group ${chat.groupActor} is not known here yet`);
    return (await createRemoteEncryptedConversation(ctx, { ...base, conversationId: copy.id }))
      .conversationId;
  }
  const [local] = await localRecipients(inbox, relayed.object.to);
  if (!local) throw new MlsObjectError('a Welcome for nobody here');
  return (await createRemoteEncryptedConversation(ctx, { ...base, localParticipantId: local.id }))
    .conversationId;
}

/** Member: the home server's relay of an ordered message (or of a Welcome for people here). */
async function onRelay(inbox: Inbox, raw: JsonObject): Promise<void> {
  const ctx = inbox.data;
  const relayed = readRelay(raw);
  const author = await accountOfActor(inbox, relayed.author);
  if (!author) throw new MlsNotYetError(`the author ${relayed.author} cannot be read now`);
  const { object } = relayed;
  if (object.type === 'GroupInfo') return;
  if (object.type === 'Welcome') {
    const conversationId = await copyForWelcome(inbox, relayed, author);
    await acceptRemoteWelcome(ctx, {
      conversationId,
      sender: author,
      welcome: object.content,
      epoch: object.chat.mlsEpoch ?? 0,
    }).catch((error: unknown) => {
      throw refusedAsDropped(error);
    });
    return;
  }
  const framing = (() => {
    try {
      return readGroupMessage(object.bytes);
    } catch {
      throw new MlsObjectError('not an MLS group message');
    }
  })();
  const conversationId = await findConversationIdByGroupId(
    ctx.db,
    Buffer.from(framing.groupId).toString('base64'),
  );
  const chat = conversationId ? await findMlsState(ctx.db, conversationId) : undefined;
  // the group's Welcome for our people may still be on its way
  if (!conversationId || !chat) throw new MlsNotYetError('a relay of a chat not known here yet');
  if (chat.mls_home_uri !== relayed.collection)
    throw new MlsObjectError('a relay from another server than the home');
  // MLS needs the commits in order: what belongs to an epoch this copy has not reached waits for its commit
  if (framing.epoch > chat.mls_epoch)
    throw new MlsNotYetError(`epoch ${framing.epoch} before ${chat.mls_epoch}`);
  // one of our own people's, forwarded from here: it comes back as their device's
  const own = author.domain ? undefined : await forwardedEnvelope(ctx, object.id);
  try {
    await acceptRemoteEnvelope(ctx, {
      conversationId,
      sender: author,
      message: object.content,
      signal: object.signal,
      remoteId: object.id,
      ...(own ? { id: own.id, senderDeviceId: own.deviceId } : {}),
    });
  } catch (error) {
    // the group's Update naming the author may still be on its way
    if (error instanceof ApiError && error.statusCode === 403) throw new MlsNotYetError(error.message);
    throw refusedAsDropped(error);
  }
}

/** Whether `raw` is the key package life cycle of a remote person (Create of a KeyPackage, Add, Remove, Delete). */
function keyPackageChange(raw: JsonObject): 'create' | 'withdraw' | null {
  if (raw.type === 'Create' && isJsonObject(raw.object) && mlsTypeOf(raw.object.type) === 'KeyPackage')
    return 'create';
  if (raw.type === 'Remove' || raw.type === 'Delete') {
    const target = typeof raw.target === 'string' ? raw.target : '';
    if (raw.type === 'Remove' && !target.endsWith('/keyPackages')) return null;
    return 'withdraw';
  }
  return null;
}

/** A remote person's KeyPackage created (cached for the claim) or withdrawn (never handed out again). */
async function onKeyPackageChange(
  inbox: Inbox,
  activity: Activity,
  raw: JsonObject,
  change: 'create' | 'withdraw',
): Promise<boolean> {
  const ctx = inbox.data;
  const sender = await senderOf(inbox, activity);
  if (!sender?.uri) return change === 'create';
  if (change === 'withdraw') {
    const id = singleId(raw.object, 'object');
    const owner = await remoteKeyPackageOwner(ctx.db, id);
    // a Delete of anything else (a post) goes on to the usual handling; only the owner withdraws theirs
    if (owner === undefined) return raw.type === 'Remove';
    if (owner === sender.id) await withdrawRemoteKeyPackage(ctx, id);
    return true;
  }
  const object = parseMlsObject(raw.object);
  if (object.attributedTo !== sender.uri || new URL(object.id).origin !== new URL(sender.uri).origin)
    throw new MlsObjectError('a key package of someone else');
  await storeRemoteKeyPackages(ctx, sender, [{ uri: object.id, keyPackage: object.content }]);
  return true;
}

/**
 * MLS traffic, before the usual handling (inbox/index.ts). Answers whether it was (handled or dropped), so that
 * nothing else reads it as a post; throws MlsNotYetError for what must be tried again later.
 */
export async function onMlsTraffic(inbox: Inbox, activity: Activity): Promise<boolean> {
  const raw = (await activity.toJsonLd()) as JsonObject;
  const keyPackage = keyPackageChange(raw);
  try {
    if (keyPackage) return await onKeyPackageChange(inbox, activity, raw, keyPackage);
    if (!carriesMls(raw)) return false;
    if (raw.type === 'Announce') await onRelay(inbox, raw);
    else await onForwarded(inbox, activity, raw);
  } catch (error) {
    if (!(error instanceof MlsObjectError)) throw error;
    runtimeOf(inbox.data)?.log?.warn(
      { activity: raw.id, reason: error.message },
      'federation: MLS activity dropped',
    );
  }
  return true;
}
