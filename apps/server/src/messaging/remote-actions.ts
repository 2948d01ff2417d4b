import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { MediaAttachmentsTable, MessagesTable } from '../db/schema.js';
import type { MessageSent } from '../events/chat.js';
import { emitCommitted, transactionWithEvents } from '../events/transaction.js';
import { publishConversationUpdated, publishTo } from './events.js';
import { bumpConversation } from './message-writes.js';
import { effectiveSettings, loadPreferences } from './preferences.js';
import { serializeNewMessage } from './serializers.js';

/**
 * What remote people did in chats here, as their servers told it (the inbox checks who may do what and
 * calls these): the same writes, streams and events as a local person's action. Their events name a remote actor,
 * so nothing is announced back to other servers.
 */

/**
 * A remote person's message, stored once per ActivityPub id (`message.uri`) with its media rows, and streamed to
 * the participants like a local one. False when that id was stored already (the same Note delivered twice).
 */
export async function receiveMessage(
  ctx: AppContext,
  sender: AccountRow,
  message: MessagesTable,
  media: readonly MediaAttachmentsTable[],
  replied: MessagesTable | undefined,
): Promise<boolean> {
  const sent: MessageSent = { type: 'MessageSent', message, sender, media, replied };
  const participants = await transactionWithEvents(ctx, async (tx, emit) => {
    const inserted = await tx
      .insertInto('messages')
      .values(message)
      .onConflict((oc) => oc.column('uri').doNothing())
      .executeTakeFirst();
    // the same Note delivered twice at once: the other delivery stored it
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null;
    if (media.length > 0)
      await tx
        .insertInto('media_attachments')
        .values([...media])
        .execute();
    const bumped = await bumpConversation(tx, message);
    await emit(sent);
    return bumped;
  });
  if (!participants) return false;
  const serialized = await serializeNewMessage(ctx, ctx.db, sender, message, media, replied);
  await publishTo(ctx, participants, 'friend_message', serialized);
  return true;
}

/** A message gone for everyone (its remote author deleted it), with its media and reactions. */
export async function deleteMessageForEveryone(ctx: AppContext, message: MessagesTable): Promise<void> {
  const participants = await ctx.db
    .selectFrom('conversation_participants')
    .select('account_id')
    .where('conversation_id', '=', message.conversation_id)
    .execute();
  await ctx.db.deleteFrom('messages').where('id', '=', message.id).execute();
  await publishConversationUpdated(
    ctx,
    participants.map((row) => row.account_id),
    message.conversation_id,
  );
  await emitCommitted(ctx, { type: 'MessageDeleted', message });
}

/**
 * A remote participant read these messages of a conversation: their read receipt moves up to the newest, and the
 * authors who allow read receipts (globally or for this chat) are told, as for a local reader.
 */
export async function recordReadReceipt(
  ctx: AppContext,
  reader: AccountRow,
  conversationId: string,
  readMessages: readonly MessagesTable[],
): Promise<void> {
  const newest =
    readMessages
      .map((message) => message.id)
      .sort()
      .pop() ?? '';
  await ctx.db
    .updateTable('conversation_participants')
    .set({ receipt_message_id: newest })
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', reader.id)
    .where((eb) => eb.or([eb('receipt_message_id', 'is', null), eb('receipt_message_id', '<', newest)]))
    .execute();
  const authors = await ctx.db
    .selectFrom('conversation_participants')
    .select(['account_id', 'typing_indicator_enabled', 'read_receipts_enabled'])
    .where('conversation_id', '=', conversationId)
    .where('account_id', 'in', [...new Set(readMessages.map((message) => message.sender_id))])
    .execute();
  const preferences = await loadPreferences(
    ctx.db,
    authors.map((row) => row.account_id),
  );
  for (const author of authors) {
    const global = preferences.get(author.account_id);
    if (!global || !effectiveSettings(global, author).read_receipts_enabled) continue;
    await publishTo(ctx, [author.account_id], 'message_read', {
      conversation_id: conversationId,
      user_id: reader.id,
      message_ids: readMessages
        .filter((message) => message.sender_id === author.account_id)
        .map((message) => message.id),
    });
  }
  await emitCommitted(ctx, {
    type: 'ReadUpTo',
    reader,
    conversationId,
    messageIds: readMessages.map((message) => message.id),
  });
}
