import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { setLinkHeader } from '../../timelines/pagination.js';
import {
  createConversation,
  deleteConversation,
  getConversationPage,
  listConversations,
  markRead,
  unreadTotals,
} from '../conversations.js';
import {
  conversationListQuerySchema,
  conversationPageQuerySchema,
  createConversationBodySchema,
  idParamsSchema,
} from '../schema.js';

const BASE = '/api/v1/friend_messages/conversations';

export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get(BASE, async (request, reply) => {
    const viewer = requireAccount(request);
    const page = conversationListQuerySchema.parse(request.query);
    const { conversations, cursors } = await listConversations(ctx, viewer.id, page);
    setLinkHeader(request, reply, cursors, page);
    return conversations;
  });

  // the unread badge, without loading the list
  app.get('/api/v1/friend_messages/unread_count', async (request) => {
    const viewer = requireAccount(request);
    return unreadTotals(ctx.db, viewer.id);
  });

  app.post(BASE, async (request, reply) => {
    const viewer = requireAccount(request);
    const body = createConversationBodySchema.parse(request.body ?? {});
    return reply.status(201).send(await createConversation(ctx, viewer, body));
  });

  app.get(`${BASE}/:id`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const query = conversationPageQuerySchema.parse(request.query);
    return getConversationPage(ctx, viewer.id, id, {
      limit: query.limit,
      maxId: query.max_id,
      minId: query.min_id,
    });
  });

  app.delete(`${BASE}/:id`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    await deleteConversation(ctx, viewer, id);
    return { success: true };
  });

  app.post(`${BASE}/:id/mark_read`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return markRead(ctx, viewer, id);
  });
}
