import type { DirectConversation } from '@palchat/api';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { serializeAccount } from '../accounts/serializer.js';
import { notFound } from '../http/errors.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { involving } from '../statuses/visibility.js';
import { directChannel } from '../streaming/bus.js';
import { newestFirst, paginateQuery, type PageQuery } from './pagination.js';
import { findAccountsByIds } from '../accounts/store.js';
import { findStatusesByIds } from '../statuses/store.js';

/**
 * Mastodon's private-mention conversations (the /conversations column), computed from direct statuses the
 * viewer wrote or is mentioned in, grouped by thread. Not the messaging box's conversations.
 */
function directThreads(ctx: AppContext, viewer: AccountRow) {
  return ctx.db
    .selectFrom('statuses')
    .select((eb) => ['statuses.conversation_id', eb.fn.max('statuses.id').as('last_status_id')])
    .where('statuses.visibility', '=', 'direct')
    .where('statuses.deleted_at', 'is', null)
    .where('statuses.conversation_id', 'is not', null)
    .where(involving(viewer.id))
    .groupBy('statuses.conversation_id');
}

/** conversation_reads.last_read_status_id of a conversation the viewer marked unread (below every status id) */
export const MARKED_UNREAD = '';

/** The viewer's conversations, newest first; `only` narrows them to one conversation. */
export async function listConversations(
  ctx: AppContext,
  viewer: AccountRow,
  page: PageQuery,
  only?: string,
): Promise<DirectConversation[]> {
  let threads = directThreads(ctx, viewer);
  if (only) threads = threads.having('statuses.conversation_id', '=', only);
  const rows = newestFirst(
    await paginateQuery(
      ctx.db
        .selectFrom(threads.as('threads'))
        .leftJoin('conversation_reads', (join) =>
          join
            .onRef('conversation_reads.conversation_id', '=', 'threads.conversation_id')
            .on('conversation_reads.account_id', '=', viewer.id),
        )
        .select([
          'threads.conversation_id',
          'threads.last_status_id',
          'conversation_reads.last_read_status_id',
          'conversation_reads.hidden',
        ])
        .where((eb) =>
          eb.or([
            eb('conversation_reads.hidden', 'is', null),
            eb('conversation_reads.hidden', '=', 0),
            eb('conversation_reads.last_read_status_id', '<', eb.ref('threads.last_status_id')),
          ]),
        ),
      'threads.last_status_id',
      page,
    ).execute(),
    page,
  );
  if (rows.length === 0) return [];
  const threadIds = rows.flatMap((thread) => (thread.conversation_id ? [thread.conversation_id] : []));
  const lastIds = rows.map((thread) => thread.last_status_id);
  const [lastRows, participantRows] = await Promise.all([
    findStatusesByIds(ctx.db, lastIds),
    ctx.db
      .selectFrom('statuses')
      .select(['statuses.conversation_id', 'statuses.account_id'])
      .where('statuses.conversation_id', 'in', threadIds)
      .where('statuses.visibility', '=', 'direct')
      .where('statuses.deleted_at', 'is', null)
      .union(
        ctx.db
          .selectFrom('status_mentions')
          .innerJoin('statuses', 'statuses.id', 'status_mentions.status_id')
          .select(['statuses.conversation_id', 'status_mentions.account_id'])
          .where('statuses.conversation_id', 'in', threadIds)
          .where('statuses.visibility', '=', 'direct'),
      )
      .execute(),
  ]);
  const participantIds = [...new Set(participantRows.map((row) => row.account_id))].filter(
    (id) => id !== viewer.id,
  );
  const accounts = participantIds.length ? await findAccountsByIds(ctx.db, participantIds) : [];
  const accountById = new Map(accounts.map((row) => [row.id, serializeAccount(ctx, row)]));
  const statuses = await serializeStatuses(ctx, lastRows, viewer);
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  const authorOf = new Map(lastRows.map((row) => [row.id, row.account_id]));
  return rows.flatMap((thread) => {
    if (!thread.conversation_id) return [];
    const ids = new Set(
      participantRows
        .filter((row) => row.conversation_id === thread.conversation_id && row.account_id !== viewer.id)
        .map((row) => row.account_id),
    );
    const lastAuthor = authorOf.get(thread.last_status_id);
    const readUpTo = thread.last_read_status_id;
    return [
      {
        id: thread.conversation_id,
        unread:
          readUpTo === MARKED_UNREAD ||
          (lastAuthor !== viewer.id && (!readUpTo || readUpTo < thread.last_status_id)),
        accounts: [...ids].flatMap((id) => accountById.get(id) ?? []),
        last_status: statusById.get(thread.last_status_id) ?? null,
      },
    ];
  });
}

export async function findThread(ctx: AppContext, viewer: AccountRow, id: string) {
  const thread = await directThreads(ctx, viewer)
    .having('statuses.conversation_id', '=', id)
    .executeTakeFirst();
  if (!thread) throw notFound();
  return thread;
}

/** One conversation as `viewer` sees it (GET /api/v1/conversations's item), or null when it is hidden or gone. */
export async function conversationOf(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
): Promise<DirectConversation | null> {
  const [conversation] = await listConversations(ctx, viewer, { limit: 1 }, conversationId);
  return conversation ?? null;
}

/** Mastodon's `conversation` event: each participant's own view of the conversation, on their direct stream. */
export async function publishConversation(
  ctx: AppContext,
  conversationId: string,
  participantIds: readonly string[],
): Promise<void> {
  if (participantIds.length === 0) return;
  const participants = await findAccountsByIds(ctx.db, [...new Set(participantIds)]);
  await Promise.all(
    participants.map(async (participant) => {
      const conversation = await conversationOf(ctx, participant, conversationId);
      if (conversation) await ctx.bus.publish(directChannel(participant.id), 'conversation', conversation);
    }),
  );
}

/**
 * Records how far the viewer read the conversation (`MARKED_UNREAD` marks it unread). Hiding it also reads it up
 * to `lastReadStatusId`; it shows again when a new private mention arrives, and reading it does not unhide it.
 */
export async function recordConversationRead(
  ctx: AppContext,
  viewer: AccountRow,
  conversationId: string,
  lastReadStatusId: string,
  { hide }: { hide: boolean },
): Promise<void> {
  const hidden = hide ? 1 : 0;
  await ctx.db
    .insertInto('conversation_reads')
    .values({
      account_id: viewer.id,
      conversation_id: conversationId,
      last_read_status_id: lastReadStatusId,
      hidden,
    })
    .onConflict((oc) =>
      oc
        .columns(['account_id', 'conversation_id'])
        .doUpdateSet(
          hide
            ? { last_read_status_id: lastReadStatusId, hidden }
            : { last_read_status_id: lastReadStatusId },
        ),
    )
    .execute();
}
