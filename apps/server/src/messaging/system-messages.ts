import type { Tx } from '../db/index.js';
import type { MessagesTable } from '../db/schema.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';

/** A join, leave, rename or ownership notice inside a group; it moves the conversation up everyone's list but counts as nobody's unread. */
export async function insertSystemMessage(
  tx: Tx,
  conversationId: string,
  actorId: string,
  content: string,
): Promise<MessagesTable> {
  const message: MessagesTable = {
    id: newId(),
    conversation_id: conversationId,
    sender_id: actorId,
    content,
    is_system_message: 1,
    reply_to_message_id: null,
    created_at: nowIso(),
  };
  await tx.insertInto('messages').values(message).execute();
  await tx
    .updateTable('conversations')
    .set({ updated_at: message.created_at })
    .where('id', '=', conversationId)
    .execute();
  await tx
    .updateTable('conversation_participants')
    .set({ activity_id: message.id })
    .where('conversation_id', '=', conversationId)
    .execute();
  return message;
}

export const nameOf = (account: { username: string; display_name: string }): string =>
  account.display_name.trim() || account.username;

export const SystemText = {
  created: (actor: string, name: string) => `${actor} created the group "${name}"`,
  added: (actor: string, target: string) => `${actor} added ${target} to the group`,
  removed: (actor: string, target: string) => `${actor} removed ${target} from the group`,
  left: (actor: string) => `${actor} left the group`,
  renamed: (actor: string, name: string) => `${actor} renamed the group to "${name}"`,
  transferred: (actor: string, target: string) => `${actor} made ${target} the group admin`,
};
