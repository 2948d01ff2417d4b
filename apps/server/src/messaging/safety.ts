import { CONVERSATION_REPORT_REASONS, type BlockStatus } from '@palchat/api';
import { findAccountOr404 } from '../accounts/lookup.js';
import { blockAccount, unblockAccount } from '../accounts/safety.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { directPartnerId, participantIds, requireMembership, type Membership } from './access.js';
import { publishConversationUpdated } from './events.js';
import { blockStatus } from './relations.js';

async function requireDirectPartner(
  ctx: AppContext,
  viewerId: string,
  conversationId: string,
): Promise<string> {
  const membership = await requireMembership(ctx.db, conversationId, viewerId);
  const partner =
    membership.conversation.is_group === 1 ? null : await directPartnerId(ctx.db, conversationId, viewerId);
  if (!partner) throw unprocessable('messaging.block_only_direct');
  return partner;
}

export async function checkBlockStatus(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<BlockStatus> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  if (membership.conversation.is_group === 1) return { is_blocked_by_me: false, is_blocked_by_them: false };
  const partner = await directPartnerId(ctx.db, conversationId, viewer.id);
  return partner
    ? blockStatus(ctx.db, viewer.id, partner)
    : { is_blocked_by_me: false, is_blocked_by_them: false };
}

export interface BlockResult {
  success: true;
  message: string;
}

/** Blocks the partner of a direct chat with the account-wide block of a profile's menu (accounts/safety.ts). */
export async function blockUser(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<BlockResult> {
  const partner = await requireDirectPartner(ctx, viewer.id, conversationId);
  await blockAccount(ctx, viewer, await findAccountOr404(ctx.db, partner));
  await publishConversationUpdated(ctx, [viewer.id, partner], conversationId);
  return { success: true, message: 'User blocked' };
}

export async function unblockUser(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<BlockResult> {
  const partner = await requireDirectPartner(ctx, viewer.id, conversationId);
  await unblockAccount(ctx, viewer, await findAccountOr404(ctx.db, partner));
  await publishConversationUpdated(ctx, [viewer.id, partner], conversationId);
  return { success: true, message: 'User unblocked' };
}

export interface RevealedMessage {
  message_id: string;
  sender_id: string;
  content: string;
  created_at: string;
}

export interface ReportInput {
  reason: string;
  details: string;
  message_ids: string[];
  /** an encrypted chat: the plaintext the reporter's client reveals to the moderators */
  revealed_messages?: RevealedMessage[];
}

/** How many of a chat's latest messages a report keeps when the reporter cites none. */
export const REPORT_CONTEXT_MESSAGES = 20;

/**
 * Stored for moderators: the reporter, the partner (direct chats), the conversation and the cited messages,
 * or the latest ones when none are cited.
 */
export async function reportConversation(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  input: ReportInput,
): Promise<{ success: true; report_id: string }> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  if (!(CONVERSATION_REPORT_REASONS as readonly string[]).includes(input.reason)) {
    throw unprocessable('messaging.report_reason_required');
  }
  // without cited messages, the report keeps the chat's latest ones: moderators need to see what happened
  const cited =
    input.message_ids.length === 0
      ? (
          await ctx.db
            .selectFrom('messages')
            .select('id')
            .where('conversation_id', '=', conversationId)
            .where('is_system_message', '=', 0)
            .orderBy('id', 'desc')
            .limit(REPORT_CONTEXT_MESSAGES)
            .execute()
        ).reverse()
      : await ctx.db
          .selectFrom('messages')
          .select('id')
          .where('conversation_id', '=', conversationId)
          .where('id', 'in', input.message_ids)
          .orderBy('id')
          .execute();
  const target =
    membership.conversation.is_group === 1 ? null : await directPartnerId(ctx.db, conversationId, viewer.id);
  const revealed = await revealedOf(ctx, membership.conversation, input.revealed_messages ?? []);
  const id = newId();
  await ctx.db
    .insertInto('reports')
    .values({
      id,
      account_id: viewer.id,
      target_account_id: target,
      conversation_id: conversationId,
      message_ids: JSON.stringify(cited.map((row) => row.id)),
      category: input.reason,
      comment: input.details.trim(),
      forwarded: 0,
      action_taken_at: null,
      created_at: nowIso(),
      revealed_messages: revealed,
    })
    .execute();
  return { success: true, report_id: id };
}

/**
 * What the reporter of an encrypted chat reveals (null: nothing, or a plain chat, whose messages the report cites
 * by id): each by someone who is in the chat, kept as the reporter's client gave it.
 */
async function revealedOf(
  ctx: AppContext,
  conversation: Membership['conversation'],
  revealed: readonly RevealedMessage[],
): Promise<string | null> {
  if (revealed.length === 0 || conversation.encrypted !== 1) return null;
  const members = new Set(await participantIds(ctx.db, conversation.id));
  if (revealed.some((message) => !members.has(message.sender_id)))
    throw unprocessable('messaging.user_not_found');
  return JSON.stringify(
    revealed.map(({ message_id, sender_id, content, created_at }) => ({
      message_id,
      sender_id,
      content,
      created_at,
    })),
  );
}
