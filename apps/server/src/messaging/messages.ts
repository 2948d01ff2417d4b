import {
  ALL_REACTION_EMOJIS,
  ALLOWED_MEDIA_TYPES,
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  MessagingErrorCode,
  type Message,
  type ReactionUpdatePayload,
} from '@palchat/api';
import { sql } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { createOnce, type KeyClaim } from '../db/idempotency.js';
import type { Db, DbOrTx } from '../db/index.js';
import type { MediaAttachmentsTable, MessagesTable } from '../db/schema.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import {
  directPartnerId,
  outsiderError,
  participantIds,
  requireMembership,
  type Membership,
} from './access.js';
import type { MessageSent } from '../events/chat.js';
import { emitCommitted, inTransactionStepOf } from '../events/transaction.js';
import { directKey, openDirectConversation } from './conversations.js';
import { publishConversationUpdated, publishTo } from './events.js';
import { blockStatus } from './relations.js';
import { loadReactions, serializeMessages, serializeNewMessage } from './serializers.js';
import { writeMessage } from './message-writes.js';

export interface SendMessageInput {
  conversation_id?: string | undefined;
  recipient_id?: string | undefined;
  content?: string | undefined;
  media_ids?: string[] | undefined;
  reply_to_message_id?: string | null | undefined;
}

/** Text up to 1000 characters; blank text is allowed only with media, and is then stored as a single space. */
export function normalizeContent(content: string, mediaCount: number): string {
  if (content.length > MESSAGE_MAX_LENGTH) throw unprocessable('messaging.message_too_long');
  if (mediaCount > MAX_ATTACHMENTS) throw unprocessable('messaging.too_many_files');
  if (content.trim() === '') {
    if (mediaCount === 0) throw unprocessable('messaging.message_empty');
    return ' ';
  }
  return content;
}

/** Direct chats only: a block either way stops the message, with the text for the side that sees it. */
export async function assertNotBlocked(db: DbOrTx, membership: Membership, senderId: string): Promise<void> {
  if (membership.conversation.is_group === 1) return;
  const partner = await directPartnerId(db, membership.conversation.id, senderId);
  if (!partner) return;
  const status = await blockStatus(db, senderId, partner);
  if (status.is_blocked_by_me) throw forbidden('messaging.blocked_by_me', MessagingErrorCode.blockedByMe);
  if (status.is_blocked_by_them)
    throw forbidden('messaging.blocked_by_them', MessagingErrorCode.blockedByThem);
}

/**
 * The uploads the message would carry; each must be the sender's own, never used before, and of a type the
 * message box takes (SPEC §5: images and MP4/WebM videos; audio uploads are for posts only).
 */
async function usableMedia(
  db: DbOrTx,
  senderId: string,
  mediaIds: readonly string[],
): Promise<MediaAttachmentsTable[]> {
  if (mediaIds.length === 0) return [];
  const [rows, usedByStatus] = await Promise.all([
    db
      .selectFrom('media_attachments')
      .selectAll()
      .where('id', 'in', [...mediaIds])
      .orderBy('id')
      .execute(),
    db
      .selectFrom('status_media')
      .select('media_id')
      .where('media_id', 'in', [...mediaIds])
      .execute(),
  ]);
  if (rows.length !== mediaIds.length || rows.some((row) => row.account_id !== senderId)) {
    throw unprocessable('messaging.media_not_found');
  }
  const allowed: readonly string[] = ALLOWED_MEDIA_TYPES;
  if (rows.some((row) => !allowed.includes(row.content_type))) {
    throw unprocessable('messaging.unsupported_media', MessagingErrorCode.unsupportedMedia);
  }
  const taken = (row: MediaAttachmentsTable) =>
    row.message_id !== null || row.status_id !== null || row.scheduled_status_id !== null;
  if (rows.some(taken) || usedByStatus.length > 0) {
    throw unprocessable('messaging.media_already_used');
  }
  return rows;
}

export interface SendTarget {
  conversationId: string;
  isGroup: boolean;
  /** end-to-end encrypted: its messages are MLS envelopes (/api/v1/e2ee), never plain text */
  encrypted: boolean;
  /** the conversation's row as an encrypted chat's send needs it (its MLS state and admin) */
  conversation: {
    id: string;
    encrypted: number;
    mls_group_id: string | null;
    mls_epoch: number;
    mls_seq: number;
    mls_home_uri: string | null;
    is_group: number;
    admin_id: string | null;
  };
  /** direct chats: the other person, whether they are still active, and a block either way */
  partner: { id: string; active: boolean; blockedByMe: boolean; blockedByThem: boolean } | null;
}

/**
 * The conversation a message goes to and whether the sender may write there, in one read: the sender's
 * participation and, in a direct chat, the other person with the blocks between them. Null when the sender
 * does not take part (or, by recipient, when their direct conversation does not exist yet).
 */
export async function findSendTarget(
  db: DbOrTx,
  senderId: string,
  where: { conversationId: string } | { directKey: string },
): Promise<SendTarget | null> {
  const blocked = (blocker: 'sender' | 'participant') =>
    sql<number | boolean>`exists (select 1 from blocks as b where b.account_id = ${
      blocker === 'sender' ? senderId : sql.ref('p.account_id')
    } and b.target_account_id = ${blocker === 'sender' ? sql.ref('p.account_id') : senderId})`;
  let query = db
    .selectFrom('conversation_participants as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversation_id')
    .innerJoin('accounts as a', 'a.id', 'p.account_id')
    .select([
      'c.id',
      'c.is_group',
      'c.encrypted',
      'c.mls_group_id',
      'c.mls_epoch',
      'c.mls_seq',
      'c.mls_home_uri',
      'c.admin_id',
      'p.account_id',
      'a.disabled',
      blocked('sender').as('blocked_by_me'),
      blocked('participant').as('blocked_by_them'),
    ])
    .where((eb) => eb.or([eb('p.account_id', '=', senderId), eb('c.is_group', '=', 0)]));
  query =
    'conversationId' in where
      ? query.where('c.id', '=', where.conversationId)
      : query.where('c.direct_key', '=', where.directKey);
  const rows = await query.execute();
  const own = rows.find((row) => row.account_id === senderId);
  if (!own) return null;
  const other = rows.find((row) => row.account_id !== senderId);
  return {
    conversationId: own.id,
    isGroup: own.is_group === 1,
    encrypted: Number(own.encrypted ?? 0) === 1,
    conversation: {
      id: own.id,
      encrypted: Number(own.encrypted ?? 0),
      mls_group_id: own.mls_group_id ?? null,
      mls_epoch: Number(own.mls_epoch ?? 0),
      mls_seq: Number(own.mls_seq ?? 0),
      mls_home_uri: own.mls_home_uri ?? null,
      is_group: own.is_group,
      admin_id: own.admin_id,
    },
    partner: other
      ? {
          id: other.account_id,
          active: other.disabled === 0,
          blockedByMe: Boolean(Number(other.blocked_by_me)),
          blockedByThem: Boolean(Number(other.blocked_by_them)),
        }
      : null,
  };
}

/** By recipient: their direct conversation if it exists already (null: the first message creates it). */
async function existingDirectTarget(
  db: DbOrTx,
  senderId: string,
  recipientId: string,
): Promise<SendTarget | null> {
  if (senderId === recipientId) throw unprocessable('messaging.cannot_message_self');
  const existing = await findSendTarget(db, senderId, { directKey: directKey(senderId, recipientId) });
  if (existing?.partner?.id !== recipientId) return null;
  if (!existing.partner.active) throw notFound('messaging.user_not_found');
  return existing;
}

/** The first message to someone: their direct conversation is created (in a short transaction of its own). */
async function createDirectTarget(
  ctx: AppContext,
  senderId: string,
  recipientId: string,
): Promise<SendTarget> {
  const created = await openDirectConversation(ctx.db, senderId, recipientId);
  const target = await findSendTarget(ctx.db, senderId, { conversationId: created.id });
  if (!target) throw notFound('messaging.conversation_not_found');
  return target;
}

function assertMayWrite(target: SendTarget | null): asserts target is SendTarget {
  if (!target) throw notFound('messaging.conversation_not_found');
  if (target.encrypted) throw unprocessable('messaging.encrypted_chat');
  assertTargetNotBlocked(target);
}

/** Direct chats only: a block either way stops what is said, with the text for the side that sees it. */
export function assertTargetNotBlocked(target: SendTarget): void {
  if (target.isGroup || !target.partner) return;
  if (target.partner.blockedByMe) throw forbidden('messaging.blocked_by_me', MessagingErrorCode.blockedByMe);
  if (target.partner.blockedByThem)
    throw forbidden('messaging.blocked_by_them', MessagingErrorCode.blockedByThem);
}

/**
 * Checks first (reads that need no transaction), then one short transaction of writes: the message, its media,
 * the conversation's place in the list and every participant's unread count and visibility; the participants
 * it returns are who the message streams to. Nothing waits on the network inside the transaction.
 */
export async function sendMessage(
  ctx: AppContext,
  sender: AccountRow,
  input: SendMessageInput,
): Promise<Message> {
  return (await postMessage(ctx, sender, input, undefined)).message;
}

/**
 * POST /api/v1/friend_messages. With an Idempotency-Key, a retried send answers the message the key made
 * first (`created: false`), and neither stores nor announces another (db/idempotency.ts).
 */
export async function postMessage(
  ctx: AppContext,
  sender: AccountRow,
  input: SendMessageInput,
  idempotencyKey: string | undefined,
): Promise<{ message: Message; created: boolean }> {
  const { value, created } = await createOnce(
    ctx.db,
    { accountId: sender.id, kind: 'message', key: idempotencyKey },
    {
      load: async (id) => {
        const row = await ctx.db.selectFrom('messages').selectAll().where('id', '=', id).executeTakeFirst();
        return row ? (await serializeMessages(ctx, ctx.db, sender.id, [row]))[0] : undefined;
      },
      create: (claimKey) => storeMessage(ctx, sender, input, claimKey),
    },
  );
  return { message: value, created };
}

async function storeMessage(
  ctx: AppContext,
  sender: AccountRow,
  input: SendMessageInput,
  claimKey: KeyClaim,
): Promise<Message> {
  const mediaIds = [...new Set(input.media_ids ?? [])];
  const content = normalizeContent(input.content ?? '', mediaIds.length);
  if (!input.conversation_id && !input.recipient_id) throw unprocessable('messaging.recipient_required');

  const [found, replied, media] = await Promise.all([
    input.conversation_id
      ? findSendTarget(ctx.db, sender.id, { conversationId: input.conversation_id })
      : existingDirectTarget(ctx.db, sender.id, input.recipient_id ?? ''),
    input.reply_to_message_id
      ? ctx.db
          .selectFrom('messages')
          .selectAll()
          .where('id', '=', input.reply_to_message_id)
          .executeTakeFirst()
      : undefined,
    usableMedia(ctx.db, sender.id, mediaIds).then(
      (rows) => ({ rows }),
      (error: unknown) => ({ error }),
    ),
  ]);
  // a first message is checked in full before its conversation is created
  const createsConversation = !found && !input.conversation_id;
  if (createsConversation && 'error' in media) throw media.error;
  if (createsConversation && input.reply_to_message_id)
    throw unprocessable('messaging.reply_not_in_conversation');
  const target = createsConversation
    ? await createDirectTarget(ctx, sender.id, input.recipient_id ?? '')
    : found;
  if (!target && input.conversation_id) throw await outsiderError(ctx.db, input.conversation_id, sender.id);
  assertMayWrite(target);
  const conversationId = target.conversationId;
  if (input.reply_to_message_id && replied?.conversation_id !== conversationId) {
    throw unprocessable('messaging.reply_not_in_conversation');
  }
  if ('error' in media) throw media.error;

  const message: MessagesTable = {
    id: newId(),
    conversation_id: conversationId,
    sender_id: sender.id,
    content,
    is_system_message: 0,
    reply_to_message_id: input.reply_to_message_id ?? null,
    created_at: nowIso(),
  };
  const sent: MessageSent = { type: 'MessageSent', message, sender, media: media.rows, replied };
  const recipients = await writeMessage(
    ctx.db,
    message,
    media.rows,
    claimKey,
    inTransactionStepOf(ctx, sent),
  );
  await emitCommitted(ctx, sent);

  // A new message looks the same to everyone: nobody has hidden, read or reacted to it yet.
  const serialized = await serializeNewMessage(ctx, ctx.db, sender, message, media.rows, replied);
  await publishTo(ctx, recipients, 'friend_message', serialized);
  return serialized;
}

/** The message, if the viewer takes part in its conversation and has not cleared it away. */
async function requireVisibleMessage(
  db: DbOrTx,
  messageId: string,
  viewerId: string,
): Promise<MessagesTable> {
  const message = await db.selectFrom('messages').selectAll().where('id', '=', messageId).executeTakeFirst();
  if (!message) throw notFound('messaging.message_not_found');
  const participant = await db
    .selectFrom('conversation_participants')
    .select('cleared_message_id')
    .where('conversation_id', '=', message.conversation_id)
    .where('account_id', '=', viewerId)
    .executeTakeFirst();
  if (!participant || (participant.cleared_message_id && message.id <= participant.cleared_message_id)) {
    throw notFound('messaging.message_not_found');
  }
  return message;
}

/** "Delete" hides the message for the caller only. */
export async function hideMessage(
  ctx: AppContext,
  viewer: AccountRow,
  messageId: string,
): Promise<{ success: true }> {
  const message = await requireVisibleMessage(ctx.db, messageId, viewer.id);
  if (message.is_system_message === 1) throw forbidden('messaging.system_message_delete');
  await ctx.db
    .insertInto('message_deletions')
    .values({ message_id: message.id, account_id: viewer.id, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'message_id']).doNothing())
    .execute();
  await publishConversationUpdated(ctx, [viewer.id], message.conversation_id);
  return { success: true };
}

/** Adds the caller's reaction with this emoji, or removes it when it is already there. */
export async function toggleReaction(
  ctx: AppContext,
  viewer: AccountRow,
  messageId: string,
  emoji: string,
): Promise<ReactionUpdatePayload> {
  if (!ALL_REACTION_EMOJIS.includes(emoji)) throw unprocessable('messaging.reaction_unsupported');
  const message = await requireVisibleMessage(ctx.db, messageId, viewer.id);
  const membership = await requireMembership(ctx.db, message.conversation_id, viewer.id);
  // an encrypted chat's reactions travel inside MLS messages
  if (membership.conversation.encrypted === 1) throw unprocessable('messaging.encrypted_chat');
  await assertNotBlocked(ctx.db, membership, viewer.id);
  return (
    (await applyReaction(ctx, viewer, message, emoji, 'toggle')) ?? (await publishReactions(ctx, message))
  );
}

/**
 * Adds or removes one person's reaction (a remote person's too, from the inbox) and, when that changed anything,
 * streams the message's reactions and tells of the change; answers the reactions streamed, or null.
 */
export async function applyReaction(
  ctx: AppContext,
  actor: AccountRow,
  message: MessagesTable,
  emoji: string,
  mode: 'add' | 'remove' | 'toggle',
): Promise<ReactionUpdatePayload | null> {
  const change = await setReaction(ctx.db, message.id, actor.id, emoji, mode);
  if (!change) return null;
  const payload = await publishReactions(ctx, message);
  await emitCommitted(ctx, { type: 'ReactionToggled', message, actor, reaction: { ...change, emoji } });
  return payload;
}

/**
 * Adds or removes one person's reaction with this emoji ('toggle': whichever applies); answers the reaction's
 * id and whether it was removed, or null when nothing changed.
 */
async function setReaction(
  db: Db,
  messageId: string,
  accountId: string,
  emoji: string,
  mode: 'add' | 'remove' | 'toggle',
): Promise<{ id: string; undo: boolean } | null> {
  return db.transaction().execute(async (tx) => {
    const existing = await tx
      .selectFrom('message_reactions')
      .select('id')
      .where('message_id', '=', messageId)
      .where('account_id', '=', accountId)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    if (existing && mode !== 'add') {
      await tx.deleteFrom('message_reactions').where('id', '=', existing.id).execute();
      return { id: existing.id, undo: true };
    }
    if (existing || mode === 'remove') return null;
    const id = newId();
    await tx
      .insertInto('message_reactions')
      .values({ id, message_id: messageId, account_id: accountId, emoji, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['message_id', 'account_id', 'emoji']).doNothing())
      .execute();
    return { id, undo: false };
  });
}

/** The message's reactions now, to everyone in its conversation. */
async function publishReactions(ctx: AppContext, message: MessagesTable): Promise<ReactionUpdatePayload> {
  const reactions = (await loadReactions(ctx.db, [message.id])).get(message.id) ?? [];
  const payload: ReactionUpdatePayload = {
    id: message.id,
    conversation_id: message.conversation_id,
    reactions,
  };
  await publishTo(
    ctx,
    await participantIds(ctx.db, message.conversation_id),
    'message_reaction_update',
    payload,
  );
  return payload;
}
