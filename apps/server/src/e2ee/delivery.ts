import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { isPostgres, type DbOrTx, type Tx } from '../db/index.js';
import type { ConversationsTable, E2eeEnvelopesTable, E2eeKeyPackagesTable } from '../db/schema.js';
import type { E2eeEnvelopeOrdered } from '../events/e2ee.js';
import type { DomainEvent } from '../events/types.js';
import {
  emitCommitted,
  inTransactionStepOf,
  transactionWithEvents,
  type Emit,
} from '../events/transaction.js';
import { ApiError, notFound, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { isoDaysAgo, nowIso } from '../lib/time.js';
import { mediaStorageFor } from '../media/storage.js';
import { outsiderError, participantIds, requireMembership } from '../messaging/access.js';
import { assertTargetNotBlocked, findSendTarget } from '../messaging/messages.js';
import { bumpParticipants } from '../messaging/message-writes.js';
import { requireOwnDevice } from './devices.js';
import {
  FramingError,
  fromBase64,
  readGroupInfo,
  readGroupMessage,
  readWelcome,
  toBase64,
} from './framing.js';
import { serializeEnvelope, type MlsEnvelope } from './serializers.js';
import * as store from './store.js';
import { verbatimText } from '../i18n/format.js';

/**
 * The Delivery Service of one server (RFC 9750): each encrypted chat's envelopes in one order (seq), a commit
 * accepted only at the chat's current epoch (the first of an epoch wins), each device served what it has not
 * acknowledged from the point it joined, and ciphertext deleted once every device acknowledged it.
 */

export const DeliveryText = {
  notEncrypted: 'This chat is not end-to-end encrypted',
  wrongGroup: "The message is not for this chat's MLS group",
  epochMismatch: 'Epoch mismatch',
  notInChat: 'This device is not in this chat',
  onlyCommits: 'Only a commit changes who is in the chat',
  ephemeralApplication: 'Only an application message can be ephemeral or a signal',
  unknownKeyPackage: 'The Welcome uses a key package that was not handed out here',
  missingDevices: 'Every person added needs a device in the Welcome',
  welcomeForOutsider: 'The Welcome adds a device of someone who is not in the chat',
  addAndRemove: 'A commit either adds or removes people, not both',
  welcomeRequired: 'Adding people needs the Welcome',
} as const;

export const epochMismatch = (epoch: number): ApiError =>
  new ApiError(409, verbatimText(DeliveryText.epochMismatch), undefined, { epoch });

/** Bad base64 or MLS framing: a 422 with what was wrong. */
export function framingOf<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof FramingError)
      throw unprocessable(verbatimText(`Invalid MLS message: ${error.message}`));
    throw error;
  }
}

export type EncryptedChat = store.MlsState & { mls_group_id: string };

export async function requireEncryptedChat(db: DbOrTx, conversationId: string): Promise<EncryptedChat> {
  const chat = await store.findMlsState(db, conversationId);
  if (!chat) throw notFound('messaging.conversation_not_found');
  return encryptedChatOf(chat);
}

/** The chat's MLS state, read with its membership already (no second read on the send path). */
export function encryptedChatOf(conversation: ConversationsTable | store.MlsState): EncryptedChat {
  if (Number(conversation.encrypted ?? 0) !== 1 || !conversation.mls_group_id)
    throw unprocessable(verbatimText(DeliveryText.notEncrypted));
  return {
    id: conversation.id,
    encrypted: 1,
    mls_group_id: conversation.mls_group_id,
    mls_epoch: Number(conversation.mls_epoch ?? 0),
    mls_seq: Number(conversation.mls_seq ?? 0),
    mls_home_uri: conversation.mls_home_uri ?? null,
    is_group: conversation.is_group,
    admin_id: conversation.admin_id,
  };
}

// ---- Welcomes ----

export interface CheckedWelcome {
  message: string;
  keyPackages: E2eeKeyPackagesTable[];
}

/** The key packages a Welcome uses, each one handed out by this server's directory. */
export async function checkWelcome(db: DbOrTx, encoded: string): Promise<CheckedWelcome> {
  const { newMemberRefs } = framingOf(() => readWelcome(fromBase64(encoded)));
  const keyPackages = await store.keyPackagesByRefs(db, newMemberRefs);
  if (keyPackages.length !== new Set(newMemberRefs).size || keyPackages.some((row) => !row.claimed_at))
    throw unprocessable(verbatimText(DeliveryText.unknownKeyPackage));
  return { message: encoded, keyPackages };
}

/**
 * A Welcome for each local device it adds (an envelope of its own, from which that device reads the chat), the
 * local key packages it used gone; remote ones are federation's to deliver.
 */
export async function storeWelcome(
  tx: Tx,
  emit: Emit,
  chat: { id: string; epoch: number },
  sender: { id: string; deviceId: string | null },
  welcome: CheckedWelcome,
): Promise<void> {
  const local = welcome.keyPackages.filter((row) => row.device_id !== null);
  const now = nowIso();
  const envelopes: E2eeEnvelopesTable[] = [];
  for (const keyPackage of local) {
    const seq = await store.takeSeqAnyEpoch(tx, chat.id);
    const envelope: E2eeEnvelopesTable = {
      id: newId(),
      conversation_id: chat.id,
      seq,
      sender_id: sender.id,
      sender_device_id: sender.deviceId,
      kind: 'welcome',
      epoch: chat.epoch,
      message: welcome.message,
      signal: 0,
      target_device_id: keyPackage.device_id,
      created_at: now,
      remote_id: null,
    };
    await store.insertEnvelope(tx, envelope);
    envelopes.push(envelope);
    await store.insertCursors(tx, [
      {
        device_id: keyPackage.device_id ?? '',
        conversation_id: chat.id,
        account_id: keyPackage.account_id,
        joined_seq: seq,
        acked_seq: seq - 1,
      },
    ]);
  }
  await store.deleteKeyPackages(
    tx,
    local.map((row) => row.id),
  );
  const remoteAccountIds = [
    ...new Set(welcome.keyPackages.filter((row) => row.device_id === null).map((row) => row.account_id)),
  ];
  await emit({
    type: 'E2eeWelcomeStored',
    conversationId: chat.id,
    senderId: sender.id,
    welcome: welcome.message,
    epoch: chat.epoch,
    envelopes,
    keyPackages: welcome.keyPackages,
    remoteAccountIds,
  });
  for (const [accountId, rows] of groupBy(local, (row) => row.account_id))
    await emit({ type: 'E2eeKeyPackagesChanged', accountId, added: [], removed: rows });
}

function groupBy<T>(items: readonly T[], key: (item: T) => string): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) groups.set(key(item), [...(groups.get(key(item)) ?? []), item]);
  return groups;
}

// ---- posting ----

export interface PostInput {
  device_id: string;
  message: string;
  signal: boolean;
  ephemeral: boolean;
  welcome?: string | undefined;
  group_info?: string | undefined;
  add_participant_ids: string[];
  remove_participant_ids: string[];
  removed_device_ids: string[];
}

export type PostResult =
  | { status: 201; body: MlsEnvelope }
  | { status: 202; body: { status: 'forwarded'; id: string } | { status: 'relayed' } };

/** A checked envelope, ready to be ordered. */
export interface Outgoing {
  chat: EncryptedChat;
  sender: AccountRow;
  /** null: a remote member's (its server does not say which device) */
  deviceId: string | null;
  /** the sender's own device, still in use, is a condition of the write (orderEnvelope), not checked before */
  deviceCheckedOnWrite?: boolean;
  /** the home server ordered it already (a member's server takes its order as it comes) */
  orderedByHome?: boolean;
  /** the id it has everywhere (a forwarded envelope keeps the id its sender's server gave it) */
  id?: string;
  remoteId?: string | null;
  kind: E2eeEnvelopesTable['kind'];
  epoch: number;
  message: string;
  signal: boolean;
  welcome: CheckedWelcome | null;
  groupInfo: string | null;
  addedIds: string[];
  removedIds: string[];
  removedDeviceIds: string[];
}

/** Reads and checks an envelope against the chat (group, epoch, kind); answers it ready to order. */
export async function checkOutgoing(
  ctx: AppContext,
  sender: AccountRow,
  conversationId: string,
  input: PostInput,
): Promise<Outgoing> {
  const framing = framingOf(() => readGroupMessage(fromBase64(input.message)));
  // an envelope ordered here in one statement has its device checked by that statement (one read less)
  const deviceOnWrite = !input.ephemeral && ordersInOneStatement(ctx, framing.contentType);
  // the chat, the sender's place in it and a one-to-one chat's blocks in one read, as for a plain message
  const [, target] = await Promise.all([
    deviceOnWrite ? undefined : requireOwnDevice(ctx.db, sender.id, input.device_id),
    findSendTarget(ctx.db, sender.id, { conversationId }),
  ]);
  if (!target) throw await outsiderError(ctx.db, conversationId, sender.id);
  const chat = encryptedChatOf(target.conversation);
  // forwarded to the chat's home server instead: checked now
  if (deviceOnWrite && chat.mls_home_uri) await requireOwnDevice(ctx.db, sender.id, input.device_id);
  if (toBase64(framing.groupId) !== chat.mls_group_id)
    throw unprocessable(verbatimText(DeliveryText.wrongGroup));
  const kind = framing.contentType;
  if ((input.signal || input.ephemeral) && kind !== 'application')
    throw unprocessable(verbatimText(DeliveryText.ephemeralApplication));
  const changesMembers =
    input.welcome !== undefined ||
    input.add_participant_ids.length > 0 ||
    input.remove_participant_ids.length > 0 ||
    input.removed_device_ids.length > 0;
  if (changesMembers && kind !== 'commit') throw unprocessable(verbatimText(DeliveryText.onlyCommits));
  // as for plain chats, a block either way stops what people say; commits (devices, membership) still go
  if (kind === 'application') assertTargetNotBlocked(target);
  if (input.add_participant_ids.length > 0 && input.remove_participant_ids.length > 0)
    throw unprocessable(verbatimText(DeliveryText.addAndRemove));
  if (input.add_participant_ids.length > 0 && !input.welcome)
    throw unprocessable(verbatimText(DeliveryText.welcomeRequired));
  if (framing.epoch !== chat.mls_epoch) throw epochMismatch(chat.mls_epoch);
  if (input.group_info) framingOf(() => readGroupInfo(fromBase64(input.group_info ?? '')));
  const welcome = input.welcome ? await checkWelcome(ctx.db, input.welcome) : null;
  return {
    chat,
    sender,
    deviceId: input.device_id,
    ...(deviceOnWrite && !chat.mls_home_uri ? { deviceCheckedOnWrite: true } : {}),
    kind,
    epoch: framing.epoch,
    message: input.message,
    signal: input.signal,
    welcome,
    groupInfo: input.group_info ?? null,
    addedIds: [...new Set(input.add_participant_ids)],
    removedIds: [...new Set(input.remove_participant_ids)],
    removedDeviceIds: [...new Set(input.removed_device_ids)],
  };
}

/** Every person a Welcome adds must be in the chat once it commits (those added by it, or members already). */
export function requireWelcomeFits(
  welcome: CheckedWelcome | null,
  members: ReadonlySet<string>,
  added: readonly string[],
): void {
  if (!welcome) return;
  if (welcome.keyPackages.some((row) => !members.has(row.account_id)))
    throw unprocessable(verbatimText(DeliveryText.welcomeForOutsider));
  const covered = new Set(welcome.keyPackages.map((row) => row.account_id));
  if (added.some((id) => !covered.has(id))) throw unprocessable(verbatimText(DeliveryText.missingDevices));
}

/** The envelope `out` becomes (its seq still to take), and whether it counts (raises the others' unread counts). */
function envelopeOf(out: Outgoing): { envelope: E2eeEnvelopesTable; counts: boolean } {
  const envelope: E2eeEnvelopesTable = {
    id: out.id ?? newId(),
    conversation_id: out.chat.id,
    seq: 0,
    sender_id: out.sender.id,
    sender_device_id: out.deviceId,
    kind: out.kind,
    epoch: out.epoch,
    message: out.message,
    signal: out.signal ? 1 : 0,
    target_device_id: null,
    created_at: nowIso(),
    remote_id: out.remoteId ?? null,
  };
  return { envelope, counts: out.kind === 'application' && !out.signal };
}

function orderedEvent(
  out: Outgoing,
  envelope: E2eeEnvelopesTable,
): Omit<E2eeEnvelopeOrdered, 'recipientIds'> {
  return {
    type: 'E2eeEnvelopeOrdered',
    envelope,
    sender: out.sender,
    homedHere: out.chat.mls_home_uri === null,
    addedIds: out.addedIds,
    removedIds: out.removedIds,
    groupInfo: out.groupInfo,
    welcome: out.welcome?.message ?? null,
  };
}

/** The 409 of an envelope that lost the compare-and-set: the chat's epoch now. */
async function currentEpochMismatch(db: DbOrTx, out: Outgoing): Promise<ApiError> {
  const current = await store.findMlsState(db, out.chat.id);
  return epochMismatch(current?.mls_epoch ?? out.chat.mls_epoch);
}

/**
 * Orders an envelope in `tx`: its seq by compare-and-set on the chat's epoch (409 when another commit moved the
 * chat on), a message that counts raises the others' unread counts, a commit's Welcome and removals apply.
 */
export async function writeOrdered(tx: Tx, emit: Emit, out: Outgoing): Promise<E2eeEnvelopesTable> {
  const { envelope, counts } = envelopeOf(out);
  const { id, created_at: now } = envelope;
  const seq = await store.takeSeq(tx, out.chat.id, out.epoch, {
    commit: out.kind === 'commit',
    checkEpoch: !out.orderedByHome,
    ...(counts ? { counts: { id, senderId: out.sender.id, at: now } } : {}),
  });
  if (seq === undefined) throw await currentEpochMismatch(tx, out);
  envelope.seq = seq;
  await store.insertEnvelope(tx, envelope);
  // its sender has processed it: what every device has read can then go on the next acknowledgement
  if (out.deviceId) await store.advanceOwnCursor(tx, out.deviceId, out.chat.id, seq);
  const recipients = counts // the chat's updated_at moved with its seq (takeSeq)
    ? await bumpParticipants(tx, {
        id,
        conversation_id: out.chat.id,
        sender_id: out.sender.id,
        created_at: now,
      })
    : await participantIds(tx, out.chat.id);
  if (out.kind === 'commit') {
    if (out.removedIds.length > 0) {
      const cursors = await store.deleteCursorsOfAccount(tx, out.chat.id, out.removedIds);
      await store.deletePendingRemovals(
        tx,
        out.chat.id,
        cursors.map((cursor) => cursor.device_id),
      );
    }
    await store.deletePendingRemovals(tx, out.chat.id, out.removedDeviceIds);
    if (out.welcome)
      await storeWelcome(
        tx,
        emit,
        { id: out.chat.id, epoch: out.epoch + 1 },
        { id: out.sender.id, deviceId: out.deviceId },
        out.welcome,
      );
  }
  await emit({
    ...orderedEvent(out, envelope),
    recipientIds: [...new Set([...recipients, ...out.removedIds])],
  });
  return envelope;
}

/** PostgreSQL orders an envelope that changes nothing of the group (not a commit) in one statement. */
const ordersInOneStatement = (ctx: AppContext, kind: E2eeEnvelopesTable['kind']): boolean =>
  kind !== 'commit' && isPostgres(ctx.db);

/**
 * Orders an envelope in a transaction of its own and announces it once committed. On PostgreSQL one that changes
 * nothing of the group (not a commit) is one statement (store.orderInOneStatement), in a transaction only when
 * its event has something to write with it.
 */
export async function orderEnvelope(ctx: AppContext, out: Outgoing): Promise<E2eeEnvelopesTable> {
  if (!ordersInOneStatement(ctx, out.kind))
    return transactionWithEvents(ctx, (tx, emit) => writeOrdered(tx, emit, out));
  const { envelope, counts } = envelopeOf(out);
  // the statement gives the seq and the recipients; what decides whether the event writes in the transaction
  // (its type, the chat, the sender) is known before
  const event: E2eeEnvelopeOrdered = { ...orderedEvent(out, envelope), recipientIds: [] };
  const inTransaction = inTransactionStepOf(ctx, event);
  const write = async (db: DbOrTx) => {
    const ordered = await store.orderInOneStatement(db, envelope, {
      checkEpoch: !out.orderedByHome,
      ...(counts ? { counts: { id: envelope.id, senderId: out.sender.id, at: envelope.created_at } } : {}),
      ...(out.deviceCheckedOnWrite ? { activeDevice: { accountId: out.sender.id } } : {}),
    });
    if (!ordered) {
      // nothing written: the device (404, 410) or, if it is fine, the epoch (409) is why
      if (out.deviceCheckedOnWrite) await requireOwnDevice(db, out.sender.id, out.deviceId ?? '');
      throw await currentEpochMismatch(db, out);
    }
    envelope.seq = ordered.seq;
    event.recipientIds = ordered.participants;
  };
  if (inTransaction)
    await ctx.db.transaction().execute(async (tx) => {
      await write(tx);
      await inTransaction(tx);
    });
  else await write(ctx.db);
  await emitCommitted(ctx, event);
  return envelope;
}

/** A chat homed on another server: checked here, then taken there by federation to be ordered. */
async function forward(ctx: AppContext, out: Outgoing, homeUri: string): Promise<PostResult> {
  const id = newId();
  await transactionWithEvents(ctx, async (_tx, emit) => {
    await emit({
      type: 'E2eeEnvelopeForwarded',
      conversationId: out.chat.id,
      homeUri,
      id,
      senderId: out.sender.id,
      senderDeviceId: out.deviceId ?? '',
      kind: out.kind,
      epoch: out.epoch,
      message: out.message,
      signal: out.signal,
      welcome: out.welcome?.message ?? null,
      groupInfo: out.groupInfo,
      addedIds: out.addedIds,
      removedIds: out.removedIds,
    });
  });
  return { status: 202, body: { status: 'forwarded', id } };
}

/**
 * Runs `write` inside a transaction someone else opens (a membership change of messaging/): its events are
 * recorded in that transaction and delivered once it committed.
 */
export async function withEventsOf<T>(
  ctx: AppContext,
  run: (write: (tx: Tx) => Promise<void>) => Promise<T>,
  write: (tx: Tx, emit: Emit) => Promise<unknown>,
): Promise<T> {
  const emitted: DomainEvent[] = [];
  const result = await run(async (tx) => {
    await write(tx, async (event) => {
      await inTransactionStepOf(ctx, event)?.(tx);
      emitted.push(event);
    });
  });
  await emitCommitted(ctx, ...emitted);
  return result;
}

/** POST /api/v1/e2ee/conversations/:id/messages, for envelopes that do not change who is in the chat. */
export async function postEnvelope(
  ctx: AppContext,
  sender: AccountRow,
  conversationId: string,
  input: PostInput,
  changeMembers: (out: Outgoing) => Promise<E2eeEnvelopesTable>,
): Promise<PostResult> {
  const out = await checkOutgoing(ctx, sender, conversationId, input);
  if (input.ephemeral) {
    const recipientIds = await participantIds(ctx.db, out.chat.id);
    await emitCommitted(ctx, {
      type: 'E2eeEphemeralSent',
      conversationId: out.chat.id,
      senderId: sender.id,
      senderDeviceId: out.deviceId,
      epoch: out.epoch,
      message: out.message,
      recipientIds,
    });
    return { status: 202, body: { status: 'relayed' } };
  }
  if (out.chat.mls_home_uri) return forward(ctx, out, out.chat.mls_home_uri);
  if (out.addedIds.length > 0 || out.removedIds.length > 0)
    return { status: 201, body: serializeEnvelope(await changeMembers(out)) };
  if (out.welcome) {
    const members = new Set(await participantIds(ctx.db, out.chat.id));
    requireWelcomeFits(out.welcome, members, []);
  }
  const envelope = await orderEnvelope(ctx, out);
  return { status: 201, body: serializeEnvelope(envelope) };
}

// ---- reading ----

async function requireCursor(ctx: AppContext, viewer: AccountRow, conversationId: string, deviceId: string) {
  await requireOwnDevice(ctx.db, viewer.id, deviceId);
  await requireMembership(ctx.db, conversationId, viewer.id);
  const cursor = await store.findCursor(ctx.db, deviceId, conversationId);
  if (!cursor) throw notFound(verbatimText(DeliveryText.notInChat));
  return cursor;
}

/** What the device has not acknowledged, from the Welcome that added it, in order. */
export async function fetchEnvelopes(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  query: { device_id: string; after: number; limit: number },
): Promise<MlsEnvelope[]> {
  const cursor = await requireCursor(ctx, viewer, conversationId, query.device_id);
  const [rows] = await Promise.all([
    store.envelopesForDevice(ctx.db, cursor, query.after, query.limit),
    store.touchDevice(ctx.db, query.device_id, nowIso()),
  ]);
  return rows.map(serializeEnvelope);
}

/** Everything up to `seq` was processed by the device; what every device has processed is deleted. */
export async function acknowledge(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  input: { device_id: string; seq: number },
): Promise<Record<string, never>> {
  const cursor = await requireCursor(ctx, viewer, conversationId, input.device_id);
  const chat = await requireEncryptedChat(ctx.db, conversationId);
  await store.advanceCursor(ctx.db, cursor, Math.min(input.seq, chat.mls_seq));
  await store.deleteAcknowledged(ctx.db, conversationId);
  return {};
}

export async function pending(ctx: AppContext, viewer: AccountRow, deviceId: string) {
  await requireOwnDevice(ctx.db, viewer.id, deviceId);
  const result = await store.pendingOfDevice(ctx.db, deviceId);
  await store.touchDevice(ctx.db, deviceId, nowIso());
  return { welcomes: result.welcomes.map(serializeEnvelope), conversations: result.conversations };
}

export async function pendingRemovals(ctx: AppContext, viewer: AccountRow, conversationId: string) {
  await requireMembership(ctx.db, conversationId, viewer.id);
  const rows = await store.pendingRemovalsOf(ctx.db, conversationId);
  return rows.map((row) => ({
    account_id: row.account_id,
    device_id: row.device_id,
    reason: row.reason,
    signature_public_key: row.signature_public_key,
  }));
}

// ---- retention ----

/**
 * Ciphertext every device acknowledged, or older than E2EE_RETENTION_DAYS, is deleted; so are encrypted files
 * past the limit or of chats that are gone (their files after their rows).
 */
export async function sweepRetention(
  ctx: AppContext,
  now = Date.now(),
): Promise<{ envelopes: number; media: number }> {
  const before = isoDaysAgo(ctx.config.e2eeRetentionDays, now);
  const envelopes = await store.deleteExpiredEnvelopes(ctx.db, before);
  const media = await store.deleteExpiredMedia(ctx.db, before);
  for (const row of media)
    await mediaStorageFor(ctx)
      .remove(row.path)
      .catch(() => undefined);
  return { envelopes, media: media.length };
}

/** The error as an ApiError of this status, if it is one. */
export const ApiErrorOf = (error: unknown, status: number): ApiError | undefined =>
  error instanceof ApiError && error.statusCode === status ? error : undefined;
