import type { AppContext } from '../context.js';
import type { ConversationsTable, MessagesTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { announceGroupChange } from './groups.js';
import { newParticipation } from './queries.js';
import { insertSystemMessage } from './system-messages.js';

/** A group homed on another server as its home server last described it (in the group's Update). */
export interface GroupCopyChange {
  /** this server's copy, or undefined when it first hears of the group */
  copy: ConversationsTable | undefined;
  groupUri: string;
  inboxUrl: string;
  name: string;
  adminId: string;
  creatorId: string;
  /** people to add here, and to take out */
  joined: readonly string[];
  left: readonly string[];
  /** the notices of the change, as its home server wrote them, and who they are by */
  noticeActorId: string;
  notices: readonly string[];
}

/**
 * This server's copy of a group homed elsewhere made or brought up to date (name, admin, members), with the
 * notices of the change in the chat, streamed to its people here. Its home server told its other members already.
 */
export async function applyGroupCopy(ctx: AppContext, change: GroupCopyChange): Promise<void> {
  const { copy, joined, left } = change;
  const conversationId = copy?.id ?? newId();
  const notices = await ctx.db.transaction().execute(async (tx) => {
    const now = nowIso();
    if (copy) {
      await tx
        .updateTable('conversations')
        .set({ name: change.name, admin_id: change.adminId })
        .where('id', '=', copy.id)
        .execute();
    } else {
      await tx
        .insertInto('conversations')
        .values({
          id: conversationId,
          name: change.name,
          is_group: 1,
          creator_id: change.creatorId,
          admin_id: change.adminId,
          direct_key: null,
          created_at: now,
          updated_at: now,
          group_uri: change.groupUri,
          group_inbox_url: change.inboxUrl,
        })
        .onConflict((oc) => oc.column('group_uri').doNothing())
        .execute();
    }
    if (left.length > 0)
      await tx
        .deleteFrom('conversation_participants')
        .where('conversation_id', '=', conversationId)
        .where('account_id', 'in', [...left])
        .execute();
    if (joined.length > 0)
      await tx
        .insertInto('conversation_participants')
        .values(joined.map((id) => newParticipation(conversationId, id, now, conversationId)))
        .onConflict((oc) => oc.columns(['conversation_id', 'account_id']).doNothing())
        .execute();
    const inserted: MessagesTable[] = [];
    for (const text of change.notices)
      inserted.push(await insertSystemMessage(tx, conversationId, change.noticeActorId, text));
    return inserted;
  });
  await announceGroupChange(ctx, conversationId, notices, left);
}
