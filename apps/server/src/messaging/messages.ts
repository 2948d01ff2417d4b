import {
  ALL_REACTION_EMOJIS,
  ALLOWED_MEDIA_TYPES,
  MAX_ATTACHMENTS,
  MESSAGE_MAX_LENGTH,
  MessagingErrorCode,
  MessagingText,
  type Message,
  type ReactionUpdatePayload,
} from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { createOnce } from '../db/idempotency.js';
import type { DbOrTx, Tx } from '../db/index.js';
import type { MessagesTable } from '../db/schema.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { directPartnerId, participantIds, requireMembership, type Membership } from './access.js';
import { findOrCreateDirect } from './conversations.js';
import { publishConversationUpdated, publishTo } from './events.js';
import { blockStatus } from './relations.js';
import { loadReactions, serializeMessages } from './serializers.js';

export interface SendMessageInput {
  conversation_id?: string | undefined;
  recipient_id?: string | undefined;
  content?: string | undefined;
  media_ids?: string[] | undefined;
  reply_to_message_id?: string | null | undefined;
}

/** Text up to 1000 characters; blank text is allowed only with media, and is then stored as a single space. */
export function normalizeContent(content: string, mediaCount: number): string {
  if (content.length > MESSAGE_MAX_LENGTH) throw unprocessable(MessagingText.messageTooLong);
  if (mediaCount > MAX_ATTACHMENTS) throw unprocessable(MessagingText.tooManyFiles);
  if (content.trim() === '') {
    if (mediaCount === 0) throw unprocessable(MessagingText.messageEmpty);
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
  if (status.is_blocked_by_me) throw forbidden(MessagingText.blockedByMe, MessagingErrorCode.blockedByMe);
  if (status.is_blocked_by_them)
    throw forbidden(MessagingText.blockedByThem, MessagingErrorCode.blockedByThem);
}

/**
 * Marks the uploads as this message's; each must be the sender's own, never used before, and of a type the
 * message box takes (SPEC §5: images and MP4/WebM videos; audio uploads are for posts only).
 */
async function attachMedia(
  tx: Tx,
  senderId: string,
  messageId: string,
  mediaIds: readonly string[],
): Promise<void> {
  if (mediaIds.length === 0) return;
  const rows = await tx
    .selectFrom('media_attachments')
    .select(['id', 'account_id', 'message_id', 'status_id', 'content_type'])
    .where('id', 'in', [...mediaIds])
    .execute();
  if (rows.length !== mediaIds.length || rows.some((row) => row.account_id !== senderId)) {
    throw unprocessable(MessagingText.mediaNotFound);
  }
  const allowed: readonly string[] = ALLOWED_MEDIA_TYPES;
  if (rows.some((row) => !allowed.includes(row.content_type))) {
    throw unprocessable(MessagingText.unsupportedMedia, MessagingErrorCode.unsupportedMedia);
  }
  const usedByStatus = await tx
    .selectFrom('status_media')
    .select('media_id')
    .where('media_id', 'in', [...mediaIds])
    .execute();
  if (rows.some((row) => row.message_id !== null || row.status_id !== null) || usedByStatus.length > 0) {
    throw unprocessable(MessagingText.mediaAlreadyUsed);
  }
  const result = await tx
    .updateTable('media_attachments')
    .set({ message_id: messageId })
    .where('id', 'in', [...mediaIds])
    .where('account_id', '=', senderId)
    .where('message_id', 'is', null)
    .where('status_id', 'is', null)
    .executeTakeFirst();
  // A concurrent send may have taken one of them between the check and the update.
  if (Number(result.numUpdatedRows) !== mediaIds.length) throw unprocessable(MessagingText.mediaAlreadyUsed);
}

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
  claimKey: (tx: Tx, messageId: string) => Promise<void>,
): Promise<Message> {
  const mediaIds = [...new Set(input.media_ids ?? [])];
  const content = normalizeContent(input.content ?? '', mediaIds.length);
  if (!input.conversation_id && !input.recipient_id) throw unprocessable(MessagingText.recipientRequired);

  const { message, recipients } = await ctx.db.transaction().execute(async (tx) => {
    const conversationId =
      input.conversation_id ?? (await findOrCreateDirect(tx, sender.id, input.recipient_id ?? '')).id;
    const membership = await requireMembership(tx, conversationId, sender.id);
    await assertNotBlocked(tx, membership, sender.id);
    if (input.reply_to_message_id) {
      const replied = await tx
        .selectFrom('messages')
        .select('id')
        .where('id', '=', input.reply_to_message_id)
        .where('conversation_id', '=', conversationId)
        .executeTakeFirst();
      if (!replied) throw unprocessable(MessagingText.replyNotInConversation);
    }
    const row: MessagesTable = {
      id: newId(),
      conversation_id: conversationId,
      sender_id: sender.id,
      content,
      is_system_message: 0,
      reply_to_message_id: input.reply_to_message_id ?? null,
      created_at: nowIso(),
    };
    await tx.insertInto('messages').values(row).execute();
    // first: a concurrent retry waits here for this send, rather than fail on the media this one takes
    await claimKey(tx, row.id);
    await attachMedia(tx, sender.id, row.id, mediaIds);
    await tx
      .updateTable('conversations')
      .set({ updated_at: row.created_at })
      .where('id', '=', conversationId)
      .execute();
    await tx
      .updateTable('conversation_participants')
      .set((eb) => ({ unread_count: eb('unread_count', '+', 1), hidden: 0 }))
      .where('conversation_id', '=', conversationId)
      .where('account_id', '!=', sender.id)
      .execute();
    await tx
      .updateTable('conversation_participants')
      .set({ hidden: 0, last_read_message_id: row.id })
      .where('conversation_id', '=', conversationId)
      .where('account_id', '=', sender.id)
      .execute();
    return { message: row, recipients: await participantIds(tx, conversationId) };
  });

  const [serialized] = await serializeMessages(ctx, ctx.db, sender.id, [message]);
  if (!serialized) throw notFound(MessagingText.messageNotFound);
  // A new message looks the same to everyone: nobody has hidden, read or reacted to it yet.
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
  if (!message) throw notFound(MessagingText.messageNotFound);
  const participant = await db
    .selectFrom('conversation_participants')
    .select('cleared_message_id')
    .where('conversation_id', '=', message.conversation_id)
    .where('account_id', '=', viewerId)
    .executeTakeFirst();
  if (!participant || (participant.cleared_message_id && message.id <= participant.cleared_message_id)) {
    throw notFound(MessagingText.messageNotFound);
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
  if (message.is_system_message === 1) throw forbidden(MessagingText.systemMessageDelete);
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
  if (!ALL_REACTION_EMOJIS.includes(emoji)) throw unprocessable(MessagingText.reactionUnsupported);
  const message = await requireVisibleMessage(ctx.db, messageId, viewer.id);
  const membership = await requireMembership(ctx.db, message.conversation_id, viewer.id);
  await assertNotBlocked(ctx.db, membership, viewer.id);
  await ctx.db.transaction().execute(async (tx) => {
    const removed = await tx
      .deleteFrom('message_reactions')
      .where('message_id', '=', message.id)
      .where('account_id', '=', viewer.id)
      .where('emoji', '=', emoji)
      .executeTakeFirst();
    if (Number(removed.numDeletedRows) > 0) return;
    await tx
      .insertInto('message_reactions')
      .values({ id: newId(), message_id: message.id, account_id: viewer.id, emoji, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['message_id', 'account_id', 'emoji']).doNothing())
      .execute();
  });
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
