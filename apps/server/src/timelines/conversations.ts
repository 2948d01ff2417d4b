import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { DirectConversation } from '@palchat/api';
import { requireAccount, type AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { serializeAccount } from '../accounts/serializer.js';
import { notFound } from '../http/errors.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { newestFirst, pageQuerySchema, paginateQuery, setLinkHeader, type PageQuery } from './pagination.js';
import { scopes } from '../auth/route-scopes.js';

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
    .where((eb) =>
      eb.or([
        eb('statuses.account_id', '=', viewer.id),
        eb.exists(
          eb
            .selectFrom('status_mentions')
            .select('status_mentions.status_id')
            .whereRef('status_mentions.status_id', '=', 'statuses.id')
            .where('status_mentions.account_id', '=', viewer.id),
        ),
      ]),
    )
    .groupBy('statuses.conversation_id');
}

async function listConversations(
  ctx: AppContext,
  viewer: AccountRow,
  page: PageQuery,
): Promise<DirectConversation[]> {
  const threads = newestFirst(
    await paginateQuery(
      ctx.db
        .selectFrom(directThreads(ctx, viewer).as('threads'))
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
  if (threads.length === 0) return [];
  const threadIds = threads.flatMap((thread) => (thread.conversation_id ? [thread.conversation_id] : []));
  const lastIds = threads.map((thread) => thread.last_status_id);
  const [lastRows, participantRows] = await Promise.all([
    ctx.db.selectFrom('statuses').selectAll().where('id', 'in', lastIds).execute(),
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
  const accounts = participantIds.length
    ? await ctx.db.selectFrom('accounts').selectAll().where('id', 'in', participantIds).execute()
    : [];
  const accountById = new Map(accounts.map((row) => [row.id, serializeAccount(ctx, row)]));
  const statuses = await serializeStatuses(ctx, lastRows, viewer);
  const statusById = new Map(statuses.map((status) => [status.id, status]));
  const authorOf = new Map(lastRows.map((row) => [row.id, row.account_id]));
  return threads.flatMap((thread) => {
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
        unread: lastAuthor !== viewer.id && (!readUpTo || readUpTo < thread.last_status_id),
        accounts: [...ids].flatMap((id) => accountById.get(id) ?? []),
        last_status: statusById.get(thread.last_status_id) ?? null,
      },
    ];
  });
}

async function findThread(ctx: AppContext, viewer: AccountRow, id: string) {
  const thread = await directThreads(ctx, viewer)
    .having('statuses.conversation_id', '=', id)
    .executeTakeFirst();
  if (!thread) throw notFound();
  return thread;
}

export async function conversationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const pageQuery = pageQuerySchema(20, 40);
  const idParams = z.object({ id: z.string().min(1).max(40) });

  app.get('/api/v1/conversations', scopes('read:statuses'), async (request, reply) => {
    const viewer = requireAccount(request);
    const page = pageQuery.parse(request.query);
    const conversations = await listConversations(ctx, viewer, page);
    setLinkHeader(
      request,
      reply,
      conversations.flatMap((c) => (c.last_status ? [c.last_status.id] : [])),
      page,
    );
    return conversations;
  });

  app.post('/api/v1/conversations/:id/read', scopes('write:conversations'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const thread = await findThread(ctx, viewer, id);
    await ctx.db
      .insertInto('conversation_reads')
      .values({
        account_id: viewer.id,
        conversation_id: id,
        last_read_status_id: thread.last_status_id,
        hidden: 0,
      })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'conversation_id'])
          .doUpdateSet({ last_read_status_id: thread.last_status_id }),
      )
      .execute();
    const [conversation] = await listConversations(ctx, viewer, {
      max_id: String(BigInt(thread.last_status_id) + 1n).padStart(18, '0'),
      limit: 1,
    });
    if (!conversation) throw notFound();
    return conversation;
  });

  /** Hides the conversation until a new private mention arrives in it. */
  app.delete('/api/v1/conversations/:id', scopes('write:conversations'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const thread = await findThread(ctx, viewer, id);
    await ctx.db
      .insertInto('conversation_reads')
      .values({
        account_id: viewer.id,
        conversation_id: id,
        last_read_status_id: thread.last_status_id,
        hidden: 1,
      })
      .onConflict((oc) =>
        oc
          .columns(['account_id', 'conversation_id'])
          .doUpdateSet({ last_read_status_id: thread.last_status_id, hidden: 1 }),
      )
      .execute();
    return {};
  });
}
