import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { Database, MessagesTable } from '../db/schema.js';
import type { ConversationRow } from './serializers.js';

/** The messages of a conversation one participant may see: after their "Delete Chat" and not hidden by them. */
export function visibleMessages(
  db: DbOrTx,
  conversationId: string,
  viewerId: string,
  clearedMessageId: string | null,
): SelectQueryBuilder<Database, 'messages', MessagesTable> {
  let query = db
    .selectFrom('messages')
    .selectAll('messages')
    .where('messages.conversation_id', '=', conversationId)
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_deletions')
            .select('message_deletions.message_id')
            .whereRef('message_deletions.message_id', '=', 'messages.id')
            .where('message_deletions.account_id', '=', viewerId),
        ),
      ),
    );
  if (clearedMessageId) query = query.where('messages.id', '>', clearedMessageId);
  return query;
}

export interface ConversationRowFilter {
  ids?: readonly string[];
  includeHidden?: boolean;
  limit?: number;
  maxUpdatedAt?: string;
}

/** The viewer's conversations with their unread count and the id of the last message they may see. */
export async function conversationRows(
  db: DbOrTx,
  viewerId: string,
  filter: ConversationRowFilter = {},
): Promise<ConversationRow[]> {
  let query = db
    .selectFrom('conversation_participants as p')
    .innerJoin('conversations as c', 'c.id', 'p.conversation_id')
    .selectAll('c')
    .select((eb) => [
      'p.unread_count',
      eb
        .selectFrom('messages as m')
        .select('m.id')
        .whereRef('m.conversation_id', '=', 'c.id')
        .where((inner) =>
          inner.or([
            inner('p.cleared_message_id', 'is', null),
            inner('m.id', '>', inner.ref('p.cleared_message_id')),
          ]),
        )
        .where((inner) =>
          inner.not(
            inner.exists(
              inner
                .selectFrom('message_deletions as d')
                .select('d.message_id')
                .whereRef('d.message_id', '=', 'm.id')
                .where('d.account_id', '=', viewerId),
            ),
          ),
        )
        .orderBy('m.id', 'desc')
        .limit(1)
        .as('last_message_id'),
    ])
    .where('p.account_id', '=', viewerId);
  if (!filter.includeHidden) query = query.where('p.hidden', '=', 0);
  if (filter.ids) {
    if (filter.ids.length === 0) return [];
    query = query.where('c.id', 'in', [...filter.ids]);
  }
  if (filter.maxUpdatedAt) query = query.where('c.updated_at', '<', filter.maxUpdatedAt);
  query = query.orderBy('c.updated_at', 'desc').orderBy('c.id', 'desc');
  if (filter.limit) query = query.limit(filter.limit);
  const rows = await query.execute();
  return rows.map((row) => ({
    ...row,
    unread_count: Number(row.unread_count),
    last_message_id: row.last_message_id ?? null,
  }));
}
