import { MessagingErrorCode } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { MessagesTable } from '../db/schema.js';
import { forbidden, notFound, unprocessable } from '../http/errors.js';
import { nowIso } from '../lib/time.js';
import { participantIds, requireGroup, requireGroupAdmin, requireMembership } from './access.js';
import { publishConversationUpdated, publishTo } from './events.js';
import { newParticipation } from './queries.js';
import { mutualFollowsAmong } from './relations.js';
import { emitCommitted } from '../events/transaction.js';
import { loadAccounts, serializeMessages } from './serializers.js';
import { insertSystemMessage, nameOf, SystemText } from './system-messages.js';
import { requireGroupMembersReachable } from './group-peers.js';
import type { Tx } from '../db/index.js';
import { markLeavesForRemoval } from '../e2ee/pending-removals.js';

export interface GroupResult {
  success: true;
}

/** What must commit with a membership change: in an encrypted chat, the MLS commit that makes it. */
export interface MembershipOptions {
  inTransaction?: (tx: Tx) => Promise<void>;
}

/** After a group change: the notices as chat messages, then a reload hint, to everyone concerned. */
export async function announceGroupChange(
  ctx: AppContext,
  conversationId: string,
  notices: MessagesTable[],
  alsoNotify: readonly string[] = [],
): Promise<void> {
  const members = await participantIds(ctx.db, conversationId);
  for (const member of members) {
    const messages = await serializeMessages(ctx, ctx.db, member, notices);
    for (const message of messages) await publishTo(ctx, [member], 'friend_message', message);
  }
  await publishConversationUpdated(ctx, [...members, ...alsoNotify], conversationId);
}

/**
 * A change of a group homed here is announced to its people here, and then told as GroupChanged (its members'
 * servers hear it as the group's Update): `former` are the people just out of it.
 */
async function announceChange(
  ctx: AppContext,
  conversationId: string,
  notices: MessagesTable[],
  former: readonly string[] = [],
): Promise<void> {
  await announceGroupChange(ctx, conversationId, notices, former);
  const [first] = notices;
  if (!first) return;
  await emitCommitted(ctx, {
    type: 'GroupChanged',
    conversationId,
    actorId: first.sender_id,
    notices,
    formerMemberIds: former,
  });
}

export async function renameGroup(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  rawName: string,
): Promise<GroupResult> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  requireGroupAdmin(membership, viewer.id, 'messaging.only_admins_rename');
  const name = rawName.trim();
  if (!name) throw unprocessable('messaging.group_name_required');
  const notice = await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('conversations')
      .set({ name, updated_at: nowIso() })
      .where('id', '=', conversationId)
      .execute();
    return insertSystemMessage(tx, conversationId, viewer.id, SystemText.renamed(nameOf(viewer), name));
  });
  await announceChange(ctx, conversationId, [notice]);
  return { success: true };
}

export async function addParticipants(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  ids: readonly string[],
  options: MembershipOptions = {},
): Promise<GroupResult> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  requireGroupAdmin(membership, viewer.id, 'messaging.only_admins_manage');
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw unprocessable('messaging.select_people_to_add');
  const current = new Set(await participantIds(ctx.db, conversationId));
  if (wanted.some((id) => current.has(id))) throw unprocessable('messaging.already_participant');
  const accounts = await loadAccounts(ctx.db, wanted);
  if (wanted.some((id) => !accounts.get(id) || accounts.get(id)?.disabled === 1))
    throw notFound('messaging.user_not_found');
  const mutual = await mutualFollowsAmong(ctx.db, viewer.id, wanted);
  if (wanted.some((id) => !mutual.has(id)))
    throw forbidden('messaging.mutual_follow', MessagingErrorCode.mutualFollow);
  await requireGroupMembersReachable(ctx, [...accounts.values()]);

  const notices = await ctx.db.transaction().execute(async (tx) => {
    const now = nowIso();
    await tx
      .insertInto('conversation_participants')
      .values(wanted.map((accountId) => newParticipation(conversationId, accountId, now, conversationId)))
      .execute();
    await tx
      .deleteFrom('group_removals')
      .where('conversation_id', '=', conversationId)
      .where('account_id', 'in', wanted)
      .execute();
    const inserted: MessagesTable[] = [];
    for (const id of wanted) {
      const account = accounts.get(id);
      if (account)
        inserted.push(
          await insertSystemMessage(
            tx,
            conversationId,
            viewer.id,
            SystemText.added(nameOf(viewer), nameOf(account)),
          ),
        );
    }
    await options.inTransaction?.(tx);
    return inserted;
  });
  await announceChange(ctx, conversationId, notices);
  return { success: true };
}

export async function removeParticipants(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  ids: readonly string[],
  options: MembershipOptions = {},
): Promise<GroupResult> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  requireGroupAdmin(membership, viewer.id, 'messaging.only_admins_manage');
  const targets = [...new Set(ids)];
  if (targets.length === 0) throw unprocessable('messaging.select_participants');
  if (targets.includes(viewer.id)) throw unprocessable('messaging.cannot_remove_self');
  const current = new Set(await participantIds(ctx.db, conversationId));
  if (targets.some((id) => !current.has(id))) throw unprocessable('messaging.not_a_participant');
  const accounts = await loadAccounts(ctx.db, targets);

  const notices = await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('conversation_participants')
      .where('conversation_id', '=', conversationId)
      .where('account_id', 'in', targets)
      .execute();
    const removedAt = nowIso();
    await tx
      .insertInto('group_removals')
      .values(
        targets.map((id) => ({ conversation_id: conversationId, account_id: id, removed_at: removedAt })),
      )
      .onConflict((oc) =>
        oc.columns(['conversation_id', 'account_id']).doUpdateSet({ removed_at: removedAt }),
      )
      .execute();
    const inserted: MessagesTable[] = [];
    for (const id of targets) {
      const account = accounts.get(id);
      const label = account ? nameOf(account) : id;
      inserted.push(
        await insertSystemMessage(tx, conversationId, viewer.id, SystemText.removed(nameOf(viewer), label)),
      );
    }
    // an encrypted chat: the commit given removes their leaves, else some member's client must
    if (options.inTransaction) await options.inTransaction(tx);
    else await markLeavesForRemoval(tx, conversationId, targets, 'removed');
    return inserted;
  });
  await announceChange(ctx, conversationId, notices, targets);
  return { success: true };
}

/** Anyone but the admin may leave; the admin transfers ownership or dissolves the group first. */
export async function leaveGroup(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<GroupResult> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  requireGroup(membership);
  if (membership.conversation.admin_id === viewer.id) {
    throw unprocessable('messaging.admin_must_transfer', MessagingErrorCode.transferOwnershipRequired);
  }
  const notice = await ctx.db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('conversation_participants')
      .where('conversation_id', '=', conversationId)
      .where('account_id', '=', viewer.id)
      .execute();
    await markLeavesForRemoval(tx, conversationId, [viewer.id], 'left');
    return insertSystemMessage(tx, conversationId, viewer.id, SystemText.left(nameOf(viewer)));
  });
  if (membership.conversation.group_uri) {
    // a group homed elsewhere: its home server takes them out and tells everyone
    await announceGroupChange(ctx, conversationId, [notice], [viewer.id]);
    await emitCommitted(ctx, { type: 'GroupLeft', member: viewer, conversationId });
    return { success: true };
  }
  await announceChange(ctx, conversationId, [notice], [viewer.id]);
  return { success: true };
}

export async function transferOwnership(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  newOwnerId: string,
): Promise<GroupResult> {
  const membership = await requireMembership(ctx.db, conversationId, viewer.id);
  requireGroupAdmin(membership, viewer.id, 'messaging.only_admins_transfer');
  if (newOwnerId === viewer.id) throw unprocessable('messaging.cannot_transfer_to_self');
  const current = new Set(await participantIds(ctx.db, conversationId));
  if (!current.has(newOwnerId)) throw unprocessable('messaging.new_owner_not_participant');
  const newOwner = (await loadAccounts(ctx.db, [newOwnerId])).get(newOwnerId);
  if (!newOwner) throw unprocessable('messaging.new_owner_not_participant');
  // the admin's rules are applied by the group's home server: its admin is one of its people
  if (newOwner.domain) throw unprocessable('messaging.new_owner_not_local');
  const notice = await ctx.db.transaction().execute(async (tx) => {
    await tx
      .updateTable('conversations')
      .set({ admin_id: newOwnerId })
      .where('id', '=', conversationId)
      .execute();
    return insertSystemMessage(
      tx,
      conversationId,
      viewer.id,
      SystemText.transferred(nameOf(viewer), nameOf(newOwner)),
    );
  });
  await announceChange(ctx, conversationId, [notice]);
  return { success: true };
}
