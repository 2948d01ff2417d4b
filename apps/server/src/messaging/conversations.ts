import {
  CONVERSATION_PAGE_MAX,
  CONVERSATION_PAGE_SIZE,
  MessagingErrorCode,
  type Conversation,
  type ConversationPage,
} from '@palchat/api';
import { enabledAccountIdsAmong } from '../accounts/store.js';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { Db, DbOrTx, Tx } from '../db/index.js';
import type { ConversationsTable, MessagesTable } from '../db/schema.js';
import { ApiError, forbidden, notFound, unprocessable } from '../http/errors.js';
import { emitCommitted } from '../events/transaction.js';
import { removeFiles } from '../media/service.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import type { PageQuery } from '../timelines/pagination.js';
import { participantIds, requireGroupAdmin, requireMembership } from './access.js';
import { publishConversationUpdated, publishTo } from './events.js';
import { effectiveSettings, getPreferences } from './preferences.js';
import { conversationRows, newParticipation, visibleMessages } from './queries.js';
import { mutualFollowsAmong } from './relations.js';
import { loadAccounts, serializeConversations, serializeMessages } from './serializers.js';
import { requireGroupMembersReachable } from './group-peers.js';
import { insertSystemMessage, nameOf, SystemText } from './system-messages.js';

export const directKey = (a: string, b: string): string => (a < b ? `${a}:${b}` : `${b}:${a}`);

export async function loadConversation(
  ctx: AppContext,
  db: DbOrTx,
  viewerId: string,
  id: string,
): Promise<Conversation> {
  const [row] = await conversationRows(db, viewerId, { ids: [id], includeHidden: true });
  if (!row) throw notFound('messaging.conversation_not_found');
  const [conversation] = await serializeConversations(ctx, db, viewerId, [row]);
  if (!conversation) throw notFound('messaging.conversation_not_found');
  return conversation;
}

/** One page of the viewer's listed conversations, newest activity first, with the cursor of each. */
export async function listConversations(
  ctx: AppContext,
  viewerId: string,
  page: PageQuery,
): Promise<{ conversations: Conversation[]; cursors: string[] }> {
  const rows = await conversationRows(ctx.db, viewerId, { page });
  const conversations = await serializeConversations(ctx, ctx.db, viewerId, rows);
  return { conversations, cursors: rows.map((row) => row.activity_id) };
}

/**
 * The badge's figures without the list: unread messages over the viewer's listed conversations, and in how
 * many of them (one indexed read of the viewer's participations).
 */
export async function unreadTotals(
  db: DbOrTx,
  viewerId: string,
): Promise<{ unread_count: number; conversations_with_unread: number }> {
  const row = await db
    .selectFrom('conversation_participants')
    .select((eb) => [
      eb.fn.coalesce(eb.fn.sum<number>('unread_count'), eb.lit(0)).as('unread'),
      eb.fn.countAll<number>().as('conversations'),
    ])
    .where('account_id', '=', viewerId)
    .where('hidden', '=', 0)
    .where('unread_count', '>', 0)
    .executeTakeFirst();
  return {
    unread_count: Number(row?.unread ?? 0),
    conversations_with_unread: Number(row?.conversations ?? 0),
  };
}

export interface PageOptions {
  limit?: number;
  maxId?: string;
  minId?: string;
}

/** One page of a conversation, oldest first: the newest page, or the page before max_id / after min_id. */
export async function getConversationPage(
  ctx: AppContext,
  viewerId: string,
  conversationId: string,
  options: PageOptions = {},
): Promise<ConversationPage> {
  const { participant } = await requireMembership(ctx.db, conversationId, viewerId);
  const limit = Math.min(Math.max(options.limit ?? CONVERSATION_PAGE_SIZE, 1), CONVERSATION_PAGE_MAX);
  let query = visibleMessages(ctx.db, conversationId, viewerId, participant.cleared_message_id);
  let rows: MessagesTable[];
  if (options.minId && !options.maxId) {
    query = query.where('messages.id', '>', options.minId).orderBy('messages.id', 'asc');
    rows = await query.limit(limit + 1).execute();
  } else {
    if (options.maxId) query = query.where('messages.id', '<', options.maxId);
    if (options.minId) query = query.where('messages.id', '>', options.minId);
    rows = await query
      .orderBy('messages.id', 'desc')
      .limit(limit + 1)
      .execute();
  }
  const hasMore = rows.length > limit;
  const page = rows.slice(0, limit).sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const [conversation, messages] = await Promise.all([
    loadConversation(ctx, ctx.db, viewerId, conversationId),
    serializeMessages(ctx, ctx.db, viewerId, page),
  ]);
  return { conversation, messages, has_more: hasMore };
}

async function requireActiveAccounts(db: DbOrTx, ids: readonly string[]): Promise<void> {
  if (ids.length === 0) return;
  const enabled = await enabledAccountIdsAmong(db, ids);
  if (enabled.length !== new Set(ids).size) throw notFound('messaging.user_not_found');
}

/** The id of the direct conversation of a pair, when it exists. */
export async function directConversationId(db: DbOrTx, a: string, b: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('conversations')
    .select('id')
    .where('direct_key', '=', directKey(a, b))
    .executeTakeFirst();
  return row?.id;
}

/** The direct conversation of a pair, created on first use (in a short transaction of its own). */
export function openDirectConversation(
  db: Db,
  viewerId: string,
  otherId: string,
): Promise<ConversationsTable> {
  return db.transaction().execute((tx) => findOrCreateDirect(tx, viewerId, otherId));
}

/** The one direct conversation of a pair, created on first use; a unique key makes a duplicate impossible. */
export async function findOrCreateDirect(
  tx: Tx,
  viewerId: string,
  otherId: string,
  /** an encrypted chat's columns, when the chat it creates is one (an existing chat keeps its own) */
  encryption: EncryptionColumns | null = null,
): Promise<ConversationsTable> {
  if (viewerId === otherId) throw unprocessable('messaging.cannot_message_self');
  await requireActiveAccounts(tx, [otherId]);
  const key = directKey(viewerId, otherId);
  const now = nowIso();
  await tx
    .insertInto('conversations')
    .values({
      id: newId(),
      name: null,
      is_group: 0,
      creator_id: viewerId,
      admin_id: null,
      direct_key: key,
      created_at: now,
      updated_at: now,
      ...encryption,
    })
    .onConflict((oc) => oc.column('direct_key').doNothing())
    .execute();
  const conversation = await tx
    .selectFrom('conversations')
    .selectAll()
    .where('direct_key', '=', key)
    .executeTakeFirstOrThrow();
  await tx
    .insertInto('conversation_participants')
    .values(
      [viewerId, otherId].map((accountId) =>
        newParticipation(conversation.id, accountId, now, conversation.id),
      ),
    )
    .onConflict((oc) => oc.columns(['conversation_id', 'account_id']).doNothing())
    .execute();
  return conversation;
}

export interface CreateConversationInput {
  name?: string | null | undefined;
  participant_ids: string[];
}

export interface EncryptionColumns {
  encrypted: 1;
  mls_group_id: string;
  mls_epoch: number;
}

/**
 * An encrypted chat (e2ee/conversations.ts): its MLS columns, and its first envelopes written in the transaction
 * that creates it. A pair that has a chat already keeps it: 409 with its id.
 */
export interface EncryptedChatSetup {
  columns: EncryptionColumns;
  write(tx: Tx, conversationId: string): Promise<void>;
}

/**
 * A group (name and at least two other people, all mutual follows of the creator, who becomes its admin), or,
 * with one person and no name, the direct conversation with them (reused when it exists).
 */
export async function createConversation(
  ctx: AppContext,
  viewer: AccountRow,
  input: CreateConversationInput,
  encryption?: EncryptedChatSetup,
): Promise<Conversation> {
  const others = [...new Set(input.participant_ids)].filter((id) => id !== viewer.id);
  const name = (input.name ?? '').trim();
  if (others.length === 1 && !name) {
    const [other] = others as [string];
    const conversation = await ctx.db.transaction().execute(async (tx) => {
      const direct = await findOrCreateDirect(tx, viewer.id, other, encryption?.columns ?? null);
      if (encryption) {
        if (direct.mls_group_id !== encryption.columns.mls_group_id)
          throw new ApiError(409, 'messaging.chat_exists', undefined, { conversation_id: direct.id });
        await encryption.write(tx, direct.id);
      }
      await tx
        .updateTable('conversation_participants')
        .set({ hidden: 0 })
        .where('conversation_id', '=', direct.id)
        .where('account_id', '=', viewer.id)
        .execute();
      return direct;
    });
    if (encryption) await publishConversationUpdated(ctx, [viewer.id, other], conversation.id);
    return loadConversation(ctx, ctx.db, viewer.id, conversation.id);
  }
  if (!name) throw unprocessable('messaging.group_name_required');
  if (others.length < 2) throw unprocessable('messaging.group_min_users');
  await requireActiveAccounts(ctx.db, others);
  const mutual = await mutualFollowsAmong(ctx.db, viewer.id, others);
  if (others.some((id) => !mutual.has(id)))
    throw forbidden('messaging.mutual_follow', MessagingErrorCode.mutualFollow);
  await requireGroupMembersReachable(ctx, [...(await loadAccounts(ctx.db, others)).values()]);

  const id = newId();
  const created = await ctx.db.transaction().execute(async (tx) => {
    const now = nowIso();
    await tx
      .insertInto('conversations')
      .values({
        id,
        name,
        is_group: 1,
        creator_id: viewer.id,
        admin_id: viewer.id,
        direct_key: null,
        created_at: now,
        updated_at: now,
        ...encryption?.columns,
      })
      .execute();
    await tx
      .insertInto('conversation_participants')
      .values([viewer.id, ...others].map((accountId) => newParticipation(id, accountId, now, id)))
      .execute();
    const notice = await insertSystemMessage(tx, id, viewer.id, SystemText.created(nameOf(viewer), name));
    await encryption?.write(tx, id);
    return notice;
  });
  await publishConversationUpdated(ctx, [viewer.id, ...others], id);
  await emitCommitted(ctx, {
    type: 'GroupChanged',
    conversationId: id,
    actorId: viewer.id,
    notices: [created],
    formerMemberIds: [],
  });
  return loadConversation(ctx, ctx.db, viewer.id, id);
}

/** Groups: the admin dissolves it for everyone. Direct chats: gone from the caller's list and history only. */
export async function deleteConversation(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<void> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  if (membership.conversation.is_group === 1) {
    requireGroupAdmin(membership, viewer.id, 'messaging.only_admins_dissolve');
    await dissolveGroup(ctx, conversationId);
    return;
  }
  await ctx.db.transaction().execute(async (tx) => {
    const last = await tx
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await tx
      .updateTable('conversation_participants')
      .set({
        hidden: 1,
        unread_count: 0,
        cleared_message_id: last?.id ?? membership.participant.cleared_message_id,
      })
      .where('conversation_id', '=', conversationId)
      .where('account_id', '=', viewer.id)
      .execute();
  });
  await publishConversationUpdated(ctx, [viewer.id], conversationId);
}

/**
 * The group and its messages gone for everyone here (GroupDissolved: a group homed here also tells its members'
 * servers). Also how a member's server applies its home server's `Delete` to its copy.
 */
export async function dissolveGroup(ctx: AppContext, conversationId: string): Promise<void> {
  const members = await participantIds(ctx.db, conversationId);
  const group = await ctx.db
    .selectFrom('conversations')
    .select('group_uri')
    .where('id', '=', conversationId)
    .executeTakeFirst();
  const media = await ctx.db
    .selectFrom('media_attachments')
    .innerJoin('messages', 'messages.id', 'media_attachments.message_id')
    .select(['media_attachments.file_path', 'media_attachments.thumbnail_path'])
    .where('messages.conversation_id', '=', conversationId)
    .execute();
  await ctx.db.transaction().execute(async (tx) => {
    await tx.deleteFrom('messages').where('conversation_id', '=', conversationId).execute();
    await tx.deleteFrom('conversation_participants').where('conversation_id', '=', conversationId).execute();
    await tx.deleteFrom('conversations').where('id', '=', conversationId).execute();
  });
  // Files go only once the rows are gone for good; a failed removal leaves an orphan file, never a broken row.
  for (const row of media) await removeFiles(ctx, row).catch(() => undefined);
  await publishConversationUpdated(ctx, members, conversationId);
  if (group)
    await emitCommitted(ctx, {
      type: 'GroupDissolved',
      conversationId,
      homedHere: !group.group_uri,
      memberIds: members,
    });
}

export interface MarkReadResult {
  success: true;
  conversation: { id: string; unread_count: number };
}

const RECEIPT_EVENT_LIMIT = 500;

/**
 * Clears the unread count. With read receipts on (globally or for this conversation) it also records the
 * receipt and tells the other participants which of their messages were read; with them off nothing is recorded.
 */
export async function markRead(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<MarkReadResult> {
  const { participant } = await requireMembership(ctx.db, conversationId, viewer.id);
  const settings = effectiveSettings(await getPreferences(ctx.db, viewer.id), participant);
  const outcome = await ctx.db.transaction().execute(async (tx) => {
    const latest = await tx
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    await tx
      .updateTable('conversation_participants')
      .set({ unread_count: 0, last_read_message_id: latest?.id ?? participant.last_read_message_id })
      .where('conversation_id', '=', conversationId)
      .where('account_id', '=', viewer.id)
      .execute();
    if (!settings.read_receipts_enabled || !latest) return { readIds: [] as string[] };
    const from = [participant.receipt_message_id, participant.cleared_message_id]
      .filter((id): id is string => id !== null)
      .sort()
      .pop();
    let newlyRead = tx
      .selectFrom('messages')
      .select('id')
      .where('conversation_id', '=', conversationId)
      .where('sender_id', '!=', viewer.id)
      .where('is_system_message', '=', 0)
      .where('id', '<=', latest.id);
    if (from) newlyRead = newlyRead.where('id', '>', from);
    const rows = await newlyRead.orderBy('id', 'desc').limit(RECEIPT_EVENT_LIMIT).execute();
    await tx
      .updateTable('conversation_participants')
      .set({ receipt_message_id: latest.id })
      .where('conversation_id', '=', conversationId)
      .where('account_id', '=', viewer.id)
      .execute();
    return { readIds: rows.map((row) => row.id).reverse() };
  });
  if (outcome.readIds.length > 0) {
    const others = (await participantIds(ctx.db, conversationId)).filter((id) => id !== viewer.id);
    await publishTo(ctx, others, 'message_read', {
      conversation_id: conversationId,
      user_id: viewer.id,
      message_ids: outcome.readIds,
    });
    await emitCommitted(ctx, {
      type: 'ReadUpTo',
      reader: viewer,
      conversationId,
      messageIds: outcome.readIds,
    });
  }
  return { success: true, conversation: { id: conversationId, unread_count: 0 } };
}
