import { MessagingErrorCode } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import type { ConversationParticipantsTable, ConversationsTable } from '../db/schema.js';
import { forbidden, notFound, unprocessable, type ApiError } from '../http/errors.js';
import type { MessageId } from '../i18n/messages/en.js';

export interface Membership {
  conversation: ConversationsTable;
  participant: ConversationParticipantsTable;
}

/**
 * What someone outside a conversation is told about it: whom the admin removed from the group, that they were
 * (403, removed_from_group), by every call about it; anyone else the same 404 as for a missing conversation.
 */
export async function outsiderError(
  db: DbOrTx,
  conversationId: string,
  accountId: string,
): Promise<ApiError> {
  const removed = await db
    .selectFrom('group_removals')
    .select('removed_at')
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return removed
    ? forbidden('messaging.removed_from_group', MessagingErrorCode.removedFromGroup)
    : notFound('messaging.conversation_not_found');
}

/** The conversation as seen by one of its participants; anyone else gets outsiderError. */
export async function requireMembership(
  db: DbOrTx,
  conversationId: string,
  accountId: string,
): Promise<Membership> {
  const participant = await db
    .selectFrom('conversation_participants')
    .selectAll()
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  if (!participant) throw await outsiderError(db, conversationId, accountId);
  const conversation = await db
    .selectFrom('conversations')
    .selectAll()
    .where('id', '=', conversationId)
    .executeTakeFirst();
  if (!conversation) throw notFound('messaging.conversation_not_found');
  return { conversation, participant };
}

export function requireGroup(membership: Membership): void {
  if (membership.conversation.is_group !== 1) throw unprocessable('messaging.not_a_group');
}

/** Groups only, and only their admin: everyone else gets a 403 with the given text. */
export function requireGroupAdmin(membership: Membership, accountId: string, text: MessageId): void {
  requireGroup(membership);
  if (membership.conversation.admin_id !== accountId) throw forbidden(text, MessagingErrorCode.notGroupAdmin);
}

export async function participantIds(db: DbOrTx, conversationId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('conversation_participants')
    .select('account_id')
    .where('conversation_id', '=', conversationId)
    .execute();
  return rows.map((row) => row.account_id);
}

/** The other person of a direct conversation. */
export async function directPartnerId(
  db: DbOrTx,
  conversationId: string,
  accountId: string,
): Promise<string | null> {
  const row = await db
    .selectFrom('conversation_participants')
    .select('account_id')
    .where('conversation_id', '=', conversationId)
    .where('account_id', '!=', accountId)
    .executeTakeFirst();
  return row?.account_id ?? null;
}
