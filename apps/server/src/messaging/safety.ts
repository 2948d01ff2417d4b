import { CONVERSATION_REPORT_REASONS, MessagingText, type BlockStatus } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Tx } from '../db/index.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { directPartnerId, requireMembership } from './access.js';
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
  if (!partner) throw unprocessable(MessagingText.blockOnlyDirect);
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

/** Removes a follow and keeps both counters in step, as a block does in Mastodon. */
async function removeFollow(tx: Tx, followerId: string, targetId: string): Promise<void> {
  const removed = await tx
    .deleteFrom('follows')
    .where('account_id', '=', followerId)
    .where('target_account_id', '=', targetId)
    .executeTakeFirst();
  await tx
    .deleteFrom('follow_requests')
    .where('account_id', '=', followerId)
    .where('target_account_id', '=', targetId)
    .execute();
  if (Number(removed.numDeletedRows) === 0) return;
  await tx
    .updateTable('accounts')
    .set((eb) => ({ following_count: eb('following_count', '-', 1) }))
    .where('id', '=', followerId)
    .where('following_count', '>', 0)
    .execute();
  await tx
    .updateTable('accounts')
    .set((eb) => ({ followers_count: eb('followers_count', '-', 1) }))
    .where('id', '=', targetId)
    .where('followers_count', '>', 0)
    .execute();
}

export interface BlockResult {
  success: true;
  message: string;
}

/** Blocks the partner of a direct chat (the account-wide block, which also ends follows both ways). */
export async function blockUser(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<BlockResult> {
  const partner = await requireDirectPartner(ctx, viewer.id, conversationId);
  await ctx.db.transaction().execute(async (tx) => {
    const inserted = await tx
      .insertInto('blocks')
      .values({ id: newId(), account_id: viewer.id, target_account_id: partner, created_at: nowIso() })
      .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
      .executeTakeFirst();
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0n) === 0) return;
    await removeFollow(tx, viewer.id, partner);
    await removeFollow(tx, partner, viewer.id);
  });
  await publishConversationUpdated(ctx, [viewer.id, partner], conversationId);
  return { success: true, message: 'User blocked' };
}

export async function unblockUser(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<BlockResult> {
  const partner = await requireDirectPartner(ctx, viewer.id, conversationId);
  await ctx.db
    .deleteFrom('blocks')
    .where('account_id', '=', viewer.id)
    .where('target_account_id', '=', partner)
    .execute();
  await publishConversationUpdated(ctx, [viewer.id, partner], conversationId);
  return { success: true, message: 'User unblocked' };
}

export interface ReportInput {
  reason: string;
  details: string;
  message_ids: string[];
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
    throw unprocessable(MessagingText.reportReasonRequired);
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
    })
    .execute();
  return { success: true, report_id: id };
}
