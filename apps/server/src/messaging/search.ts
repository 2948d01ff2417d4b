import { SEARCH_MIN_LENGTH, SEARCH_PAGE_SIZE, type MessageSearchResults } from '@palchat/api';
import { sql } from 'kysely';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { isPostgres } from '../db/index.js';
import { unprocessable } from '../http/errors.js';
import { requireMembership } from './access.js';
import { loadAccounts, serializeMessages } from './serializers.js';

export interface SearchInput {
  q: string;
  limit?: number | undefined;
  offset?: number | undefined;
  conversation_id?: string | undefined;
}

const SEARCH_MAX_LIMIT = 50;

/** Words of the query, lower-cased; punctuation never reaches the full-text syntax of either dialect. */
export function searchTerms(q: string): string[] {
  return q.toLowerCase().match(/[\p{L}\p{N}_]+/gu) ?? [];
}

/**
 * Full-text search over the messages the caller may see (their conversations, after their "Delete Chat", not
 * hidden by them, no system notices), newest first; every word must match, as a prefix.
 */
export async function searchMessages(
  ctx: AppContext,
  viewer: AccountRow,
  input: SearchInput,
): Promise<MessageSearchResults> {
  const q = input.q.trim();
  if (Array.from(q).length < SEARCH_MIN_LENGTH) throw unprocessable('messaging.search_too_short');
  const limit = Math.min(Math.max(input.limit ?? SEARCH_PAGE_SIZE, 1), SEARCH_MAX_LIMIT);
  const offset = Math.max(input.offset ?? 0, 0);
  if (input.conversation_id) await requireMembership(ctx.db, input.conversation_id, viewer.id);
  const terms = searchTerms(q);
  if (terms.length === 0) return { results: [], total_count: 0, has_more: false };

  const matches = isPostgres(ctx.db)
    ? sql<boolean>`to_tsvector('simple', m.content) @@ to_tsquery('simple', ${terms.map((t) => `${t}:*`).join(' & ')})`
    : sql<boolean>`m.rowid in (select rowid from messages_fts where messages_fts match ${terms.map((t) => `"${t}"*`).join(' ')})`;

  let base = ctx.db
    .selectFrom('messages as m')
    .innerJoin('conversation_participants as p', (join) =>
      join.onRef('p.conversation_id', '=', 'm.conversation_id').on('p.account_id', '=', viewer.id),
    )
    .where('m.is_system_message', '=', 0)
    .where((eb) =>
      eb.or([eb('p.cleared_message_id', 'is', null), eb('m.id', '>', eb.ref('p.cleared_message_id'))]),
    )
    .where((eb) =>
      eb.not(
        eb.exists(
          eb
            .selectFrom('message_deletions as d')
            .select('d.message_id')
            .whereRef('d.message_id', '=', 'm.id')
            .where('d.account_id', '=', viewer.id),
        ),
      ),
    )
    .where(matches);
  if (input.conversation_id) base = base.where('m.conversation_id', '=', input.conversation_id);

  const [countRow, rows] = await Promise.all([
    base.select((eb) => eb.fn.countAll<number | string>().as('count')).executeTakeFirstOrThrow(),
    base.selectAll('m').orderBy('m.id', 'desc').limit(limit).offset(offset).execute(),
  ]);
  const total = Number(countRow.count);
  const messages = await serializeMessages(ctx, ctx.db, viewer.id, rows);
  const names = await conversationNames(ctx, viewer.id, [...new Set(rows.map((row) => row.conversation_id))]);
  return {
    results: messages.map((message) => ({
      ...message,
      conversation_name: names.get(message.conversation_id) ?? null,
    })),
    total_count: total,
    has_more: offset + rows.length < total,
  };
}

/** The group name, or the partner's name for a direct chat. */
async function conversationNames(
  ctx: AppContext,
  viewerId: string,
  ids: string[],
): Promise<Map<string, string | null>> {
  if (ids.length === 0) return new Map();
  const [conversations, members] = await Promise.all([
    ctx.db.selectFrom('conversations').select(['id', 'name', 'is_group']).where('id', 'in', ids).execute(),
    ctx.db
      .selectFrom('conversation_participants')
      .select(['conversation_id', 'account_id'])
      .where('conversation_id', 'in', ids)
      .where('account_id', '!=', viewerId)
      .execute(),
  ]);
  const accounts = await loadAccounts(
    ctx.db,
    members.map((row) => row.account_id),
  );
  const names = new Map<string, string | null>();
  for (const conversation of conversations) {
    if (conversation.is_group === 1) {
      names.set(conversation.id, conversation.name);
      continue;
    }
    const partnerId = members.find((row) => row.conversation_id === conversation.id)?.account_id;
    const partner = partnerId ? accounts.get(partnerId) : undefined;
    names.set(conversation.id, partner ? partner.display_name.trim() || partner.username : null);
  }
  return names;
}
