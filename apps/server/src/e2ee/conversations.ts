import { MessagingErrorCode, type Conversation } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import type { Emit } from '../events/transaction.js';
import { forbidden, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { createConversation } from '../messaging/conversations.js';
import { addParticipants, removeParticipants } from '../messaging/groups.js';
import { blockStatus } from '../messaging/relations.js';
import {
  checkOutgoing,
  checkWelcome,
  DeliveryText,
  framingOf,
  requireWelcomeFits,
  storeWelcome,
  withEventsOf,
  writeOrdered,
  type Outgoing,
  type PostInput,
} from './delivery.js';
import { requireOwnDevice } from './devices.js';
import { fromBase64, readGroupInfo, readGroupMessage, toBase64 } from './framing.js';
import { participantIds } from '../messaging/access.js';
import * as store from './store.js';
import type { E2eeEnvelopesTable } from '../db/schema.js';
import { verbatimText } from '../i18n/format.js';

/** Encrypted chats: creating one (its group at epoch 0, committed with everyone's Adds), and its membership. */

export interface CreateInput {
  participant_ids: string[];
  name?: string | null | undefined;
  mls_group_id: string;
  commit: string;
  welcome: string;
  group_info?: string | undefined;
  device_id?: string | undefined;
}

export const CreateText = {
  commitAtZero: "The creating commit must be a commit of the chat's group at epoch 0",
  badGroupId: 'mls_group_id must be base64',
} as const;

/**
 * The same rules as a plain chat (mutual follows for groups, blocks, a name), and every other participant has a
 * device in the Welcome; the chat is stored at epoch 1 with its commit and the Welcome for each local device.
 */
export async function createEncryptedConversation(
  ctx: AppContext,
  viewer: AccountRow,
  input: CreateInput,
): Promise<Conversation> {
  const groupId = framingOf(() => toBase64(fromBase64(input.mls_group_id)));
  const commit = framingOf(() => readGroupMessage(fromBase64(input.commit)));
  if (commit.contentType !== 'commit' || commit.epoch !== 0 || toBase64(commit.groupId) !== groupId)
    throw unprocessable(verbatimText(CreateText.commitAtZero));
  if (input.group_info) framingOf(() => readGroupInfo(fromBase64(input.group_info ?? '')));
  const welcome = await checkWelcome(ctx.db, input.welcome);
  if (welcome.keyPackages.some((row) => row.claimed_by !== viewer.id))
    throw unprocessable(verbatimText(DeliveryText.unknownKeyPackage));
  const others = [...new Set(input.participant_ids)].filter((id) => id !== viewer.id);
  requireWelcomeFits(welcome, new Set([viewer.id, ...others]), others);
  const deviceId = await creatorDevice(
    ctx,
    viewer,
    input.device_id,
    welcome.keyPackages.map((row) => row.device_id),
  );
  if (others.length === 1 && !(input.name ?? '').trim())
    await requireNoBlock(ctx, viewer.id, others[0] ?? '');

  let conversationId = '';
  const conversation = await withEventsOf(
    ctx,
    (write) =>
      createConversation(ctx, viewer, input, {
        columns: { encrypted: 1, mls_group_id: groupId, mls_epoch: 1 },
        write: async (tx, id) => {
          conversationId = id;
          await write(tx);
        },
      }),
    async (tx: Tx, emit: Emit) => {
      const seq = await store.takeSeqAnyEpoch(tx, conversationId);
      await store.insertEnvelope(tx, {
        id: newId(),
        conversation_id: conversationId,
        seq,
        sender_id: viewer.id,
        sender_device_id: deviceId,
        kind: 'commit',
        epoch: 0,
        message: input.commit,
        signal: 0,
        target_device_id: null,
        created_at: nowIso(),
        remote_id: null,
      });
      // the creator's device made the commit: it has nothing to read before what follows it
      if (deviceId)
        await store.insertCursors(tx, [
          {
            device_id: deviceId,
            conversation_id: conversationId,
            account_id: viewer.id,
            joined_seq: seq,
            acked_seq: seq,
          },
        ]);
      await storeWelcome(tx, emit, { id: conversationId, epoch: 1 }, { id: viewer.id, deviceId }, welcome);
      await emit({
        type: 'E2eeConversationCreated',
        conversationId,
        creatorId: viewer.id,
        participantIds: [viewer.id, ...others],
        mlsGroupId: groupId,
        homedHere: true,
        commit: input.commit,
        welcome: input.welcome,
        groupInfo: input.group_info ?? null,
      });
    },
  );
  return conversation;
}

/** The creator's device: the one named, else their most recently active device that the Welcome does not add. */
async function creatorDevice(
  ctx: AppContext,
  viewer: AccountRow,
  named: string | undefined,
  added: readonly (string | null)[],
): Promise<string | null> {
  if (named) return (await requireOwnDevice(ctx.db, viewer.id, named)).id;
  const devices = (await store.activeDevicesAmong(ctx.db, [viewer.id]))
    .filter((device) => !added.includes(device.id))
    .sort((a, b) => (a.last_active_at < b.last_active_at ? 1 : -1));
  return devices[0]?.id ?? null;
}

async function requireNoBlock(ctx: AppContext, viewerId: string, otherId: string): Promise<void> {
  const status = await blockStatus(ctx.db, viewerId, otherId);
  if (status.is_blocked_by_me) throw forbidden('messaging.blocked_by_me', MessagingErrorCode.blockedByMe);
  if (status.is_blocked_by_them)
    throw forbidden('messaging.blocked_by_them', MessagingErrorCode.blockedByThem);
}

/**
 * A commit that adds or removes people: the group rules of SPEC §6 (messaging/groups.ts: only the admin, mutual
 * follows, the admin never removes themselves) and the commit are written in one transaction.
 */
export async function commitMembership(ctx: AppContext, out: Outgoing): Promise<E2eeEnvelopesTable> {
  let envelope: E2eeEnvelopesTable | undefined;
  const write = async (tx: Tx, emit: Emit) => {
    if (out.addedIds.length > 0) {
      const members = new Set(await participantIds(tx, out.chat.id));
      requireWelcomeFits(out.welcome, members, out.addedIds);
    }
    envelope = await writeOrdered(tx, emit, out);
  };
  await withEventsOf(
    ctx,
    (inTransaction) =>
      out.addedIds.length > 0
        ? addParticipants(ctx, out.sender, out.chat.id, out.addedIds, { inTransaction })
        : removeParticipants(ctx, out.sender, out.chat.id, out.removedIds, { inTransaction }),
    write,
  );
  if (!envelope) throw unprocessable(verbatimText(DeliveryText.onlyCommits));
  return envelope;
}

/**
 * add_participants / remove_participants of friend_messages with the `mls` commit: in an encrypted chat adding
 * needs it; removing without it leaves the removals pending for some member's client.
 */
export async function changeMembership(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  change: 'add' | 'remove',
  participantIds: string[],
  mls:
    | { device_id: string; message: string; welcome?: string | undefined; group_info?: string | undefined }
    | undefined,
): Promise<{ success: true }> {
  const chat = await store.findMlsState(ctx.db, conversationId);
  const encrypted = chat?.encrypted === 1;
  if (!encrypted || (!mls && change === 'remove')) {
    if (mls) throw unprocessable(verbatimText(DeliveryText.notEncrypted));
    return change === 'add'
      ? addParticipants(ctx, viewer, conversationId, participantIds)
      : removeParticipants(ctx, viewer, conversationId, participantIds);
  }
  if (!mls) throw unprocessable(verbatimText(MembershipText.commitRequired));
  const input: PostInput = {
    device_id: mls.device_id,
    message: mls.message,
    signal: false,
    ephemeral: false,
    welcome: mls.welcome,
    group_info: mls.group_info,
    add_participant_ids: change === 'add' ? participantIds : [],
    remove_participant_ids: change === 'remove' ? participantIds : [],
    removed_device_ids: [],
  };
  if (participantIds.length === 0)
    throw unprocessable(
      change === 'add' ? 'messaging.select_people_to_add' : 'messaging.select_participants',
    );
  const out = await checkOutgoing(ctx, viewer, conversationId, input);
  if (out.kind !== 'commit') throw unprocessable(verbatimText(DeliveryText.onlyCommits));
  await commitMembership(ctx, out);
  return { success: true };
}

export const MembershipText = {
  commitRequired: 'Adding people to an encrypted chat needs the MLS commit and Welcome (mls)',
} as const;
