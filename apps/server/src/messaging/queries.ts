import type { SelectQueryBuilder } from 'kysely';
import type { DbOrTx } from '../db/index.js';
import type { ConversationParticipantsTable, Database, MessagesTable } from '../db/schema.js';
import { newestFirst, paginateQuery, type PageQuery } from '../timelines/pagination.js';
import type { ConversationRow } from './serializers.js';

/** A new participation: nothing read, nothing hidden, the global settings, listed at the conversation's activity. */
export function newParticipation(
  conversationId: string,
  accountId: string,
  joinedAt: string,
  activityId: string,
): ConversationParticipantsTable {
  return {
    conversation_id: conversationId,
    account_id: accountId,
    joined_at: joinedAt,
    unread_count: 0,
    last_read_message_id: null,
    receipt_message_id: null,
    cleared_message_id: null,
    hidden: 0,
    typing_indicator_enabled: null,
    read_receipts_enabled: null,
    activity_id: activityId,
  };
}

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
  /** a page of the listed conversations by activity, newest first (the rows say their `activity_id`) */
  page?: PageQuery;
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
      'p.activity_id',
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
  query = filter.page
    ? paginateQuery(query, 'p.activity_id', filter.page)
    : query.orderBy('p.activity_id', 'desc');
  const rows = await query.execute();
  const ordered = filter.page ? newestFirst(rows, filter.page) : rows;
  return ordered.map((row) => ({
    ...row,
    unread_count: Number(row.unread_count),
    last_message_id: row.last_message_id ?? null,
  }));
}
