import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { E2eeEnvelopesTable, E2eeKeyPackagesTable } from '../db/schema.js';
import { transactionWithEvents } from '../events/transaction.js';
import { ApiError, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { findOrCreateDirect } from '../messaging/conversations.js';
import { publishConversationUpdated } from '../messaging/events.js';
import {
  ApiErrorOf,
  DeliveryText,
  framingOf,
  requireEncryptedChat,
  orderEnvelope,
  storeWelcome,
  type Outgoing,
} from './delivery.js';
import { fromBase64, readGroupMessage, readKeyPackage, readWelcome, toBase64 } from './framing.js';
import { participantIds } from '../messaging/access.js';
import * as store from './store.js';
import { verbatimText } from '../i18n/format.js';

/**
 * The domain commands the inbox uses (federation/e2ee calls them; this module never imports federation): the
 * same semantics as the local API, for what other servers send.
 */

export interface RemoteEnvelopeInput {
  conversationId: string;
  /** who sent it (a remote participant; or a local one whose forwarded envelope comes back ordered) */
  sender: AccountRow;
  /** base64 MLSMessage */
  message: string;
  signal: boolean;
  /** the federated object's id: a second delivery of it changes nothing */
  remoteId: string;
  /** a forwarded envelope coming back: the id and device its sender's server gave it */
  id?: string;
  senderDeviceId?: string | null;
  welcome?: string | null;
  groupInfo?: string | null;
}

export type RemoteEnvelopeResult =
  | { status: 'ordered'; envelope: E2eeEnvelopesTable }
  | { status: 'duplicate'; envelope: E2eeEnvelopesTable }
  /** a commit (or message) of an epoch the chat left: dropped (first commit of an epoch wins) */
  | { status: 'stale'; epoch: number };

/**
 * An MLS object from a participant's server. Homed here: ordered as a local post would be (a stale commit is
 * dropped). Homed elsewhere: it comes with its home server's order and is stored as it comes.
 */
export async function acceptRemoteEnvelope(
  ctx: AppContext,
  input: RemoteEnvelopeInput,
): Promise<RemoteEnvelopeResult> {
  const existing = await store.findEnvelopeByRemoteId(ctx.db, input.remoteId);
  if (existing) return { status: 'duplicate', envelope: existing };
  const chat = await requireEncryptedChat(ctx.db, input.conversationId);
  const members = await participantIds(ctx.db, chat.id);
  if (!members.includes(input.sender.id)) throw new ApiError(403, verbatimText(DeliveryText.notInChat));
  const framing = framingOf(() => readGroupMessage(fromBase64(input.message)));
  if (toBase64(framing.groupId) !== chat.mls_group_id)
    throw unprocessable(verbatimText(DeliveryText.wrongGroup));
  const homedHere = chat.mls_home_uri === null;
  if (homedHere && framing.epoch !== chat.mls_epoch) return { status: 'stale', epoch: chat.mls_epoch };
  const welcome = input.welcome ? await localWelcome(ctx, input.welcome) : null;
  const out: Outgoing = {
    chat,
    sender: input.sender,
    deviceId: input.senderDeviceId ?? null,
    orderedByHome: !homedHere,
    ...(input.id ? { id: input.id } : {}),
    remoteId: input.remoteId,
    kind: framing.contentType,
    epoch: framing.epoch,
    message: input.message,
    signal: input.signal && framing.contentType === 'application',
    welcome: welcome && welcome.keyPackages.length > 0 ? welcome : null,
    groupInfo: input.groupInfo ?? null,
    addedIds: [],
    removedIds: [],
    removedDeviceIds: [],
  };
  try {
    const envelope = await orderEnvelope(ctx, out);
    return { status: 'ordered', envelope };
  } catch (error) {
    const epoch = ApiErrorOf(error, 409)?.details?.epoch;
    if (typeof epoch === 'number') return { status: 'stale', epoch };
    throw error;
  }
}

/** The key packages of this server's devices that a Welcome uses (those of other servers are theirs). */
async function localWelcome(ctx: AppContext, encoded: string) {
  const { newMemberRefs } = framingOf(() => readWelcome(fromBase64(encoded)));
  const keyPackages = (await store.keyPackagesByRefs(ctx.db, newMemberRefs)).filter(
    (row) => row.device_id !== null,
  );
  return { message: encoded, keyPackages };
}

/**
 * A Welcome from another server for a chat this server has a copy of: stored for each local device it adds.
 * Answers how many local devices it adds (0: none of ours, nothing stored).
 */
export async function acceptRemoteWelcome(
  ctx: AppContext,
  input: { conversationId: string; sender: AccountRow; welcome: string; epoch: number },
): Promise<{ devices: number }> {
  const chat = await requireEncryptedChat(ctx.db, input.conversationId);
  const welcome = await localWelcome(ctx, input.welcome);
  if (welcome.keyPackages.length === 0) return { devices: 0 };
  await transactionWithEvents(ctx, (tx, emit) =>
    storeWelcome(
      tx,
      emit,
      { id: chat.id, epoch: input.epoch },
      { id: input.sender.id, deviceId: null },
      welcome,
    ),
  );
  await publishConversationUpdated(ctx, await participantIds(ctx.db, chat.id), chat.id);
  return { devices: welcome.keyPackages.length };
}

/**
 * This server's copy of an encrypted chat homed on another server (`homeUri`: its ordered collection there).
 * A group: the copy federation made of it (messaging/group-copies.ts), named by `conversationId`, becomes
 * encrypted. A one-to-one chat: the pair's direct chat is created encrypted (a pair with a plain chat keeps
 * it: 409).
 */
export async function createRemoteEncryptedConversation(
  ctx: AppContext,
  input: {
    conversationId?: string;
    creator: AccountRow;
    /** a one-to-one chat: the local person in it */
    localParticipantId?: string;
    mlsGroupId: string;
    homeUri: string;
    epoch: number;
  },
): Promise<{ conversationId: string }> {
  const groupId = framingOf(() => toBase64(fromBase64(input.mlsGroupId)));
  const known = await store.findConversationIdByGroupId(ctx.db, groupId);
  if (known) return { conversationId: known };
  const conversationId = await ctx.db.transaction().execute(async (tx) => {
    let id = input.conversationId;
    if (!id) {
      if (!input.localParticipantId)
        throw unprocessable(verbatimText('A one-to-one chat needs its local participant'));
      const direct = await findOrCreateDirect(tx, input.creator.id, input.localParticipantId, {
        encrypted: 1,
        mls_group_id: groupId,
        mls_epoch: input.epoch,
      });
      if (direct.mls_group_id !== groupId)
        throw new ApiError(409, 'messaging.chat_exists', undefined, { conversation_id: direct.id });
      id = direct.id;
    }
    await store.setRemoteMls(tx, id, { groupId, homeUri: input.homeUri, epoch: input.epoch });
    return id;
  });
  await publishConversationUpdated(ctx, await participantIds(ctx.db, conversationId), conversationId);
  return { conversationId };
}

/**
 * A remote actor's key packages (its `keyPackages` collection), cached so that the claim can hand each out once.
 * Each must be a valid KeyPackage in our ciphersuite whose credential is that actor; others are skipped.
 */
export async function storeRemoteKeyPackages(
  ctx: AppContext,
  account: AccountRow,
  items: readonly { uri: string; keyPackage: string }[],
): Promise<{ stored: number; skipped: number }> {
  const rows: E2eeKeyPackagesTable[] = [];
  for (const item of items) {
    try {
      const framing = await readKeyPackage(fromBase64(item.keyPackage));
      if (!account.uri || framing.identity !== account.uri) continue;
      rows.push({
        id: newId(),
        account_id: account.id,
        device_id: null,
        key_package: item.keyPackage,
        ref: framing.ref,
        signature_key: Buffer.from(framing.signatureKey).toString('hex'),
        remote_uri: item.uri,
        created_at: nowIso(),
        claimed_at: null,
        claimed_by: null,
      });
    } catch {
      continue;
    }
  }
  const existing = new Set(
    await store.existingKeyPackageRefs(
      ctx.db,
      rows.map((row) => row.ref),
    ),
  );
  const fresh = rows.filter((row) => !existing.has(row.ref));
  await store.insertRemoteKeyPackages(ctx.db, fresh);
  return { stored: fresh.length, skipped: items.length - fresh.length };
}

/** A remote actor withdrew a key package (Remove + Delete): it is never handed out here. */
export async function withdrawRemoteKeyPackage(ctx: AppContext, uri: string): Promise<boolean> {
  return store.deleteKeyPackageByRemoteUri(ctx.db, uri);
}
