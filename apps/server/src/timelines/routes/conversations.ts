import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { scopes } from '../../auth/route-scopes.js';
import { pageQuerySchema, setLinkHeader } from '../pagination.js';
import {
  conversationOf,
  findThread,
  listConversations,
  recordConversationRead,
  MARKED_UNREAD,
  publishConversation,
} from '../direct-conversations.js';

/** GET /api/v1/conversations, marking one read or unread, and hiding one. */
export async function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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

  /** Records how far the viewer read and answers the conversation, which the viewer's other clients also get. */
  const markConversation =
    (readUpTo: (lastStatusId: string) => string) => async (request: FastifyRequest) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      const thread = await findThread(ctx, viewer, id);
      const lastRead = readUpTo(thread.last_status_id);
      await recordConversationRead(ctx, viewer, id, lastRead, { hide: false });
      const conversation = await conversationOf(ctx, viewer, id);
      if (!conversation) throw notFound();
      // Mastodon pushes the updated conversation
      await publishConversation(ctx, id, [viewer.id]);
      return conversation;
    };

  app.post(
    '/api/v1/conversations/:id/read',
    scopes('write:conversations'),
    markConversation((lastStatusId) => lastStatusId),
  );
  app.post(
    '/api/v1/conversations/:id/unread',
    scopes('write:conversations'),
    markConversation(() => MARKED_UNREAD),
  );

  /** Hides the conversation until a new private mention arrives in it. */
  app.delete('/api/v1/conversations/:id', scopes('write:conversations'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const thread = await findThread(ctx, viewer, id);
    await recordConversationRead(ctx, viewer, id, thread.last_status_id, { hide: true });
    return {};
  });
}
