import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { blockUser, checkBlockStatus, reportConversation, unblockUser } from '../safety.js';
import { idParamsSchema, reportBodySchema } from '../schema.js';

const BASE = '/api/v1/friend_messages/conversations/:id';

export function registerSafetyRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(`${BASE}/block_user`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return blockUser(ctx, viewer, id);
  });

  app.post(`${BASE}/unblock_user`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return unblockUser(ctx, viewer, id);
  });

  app.get(`${BASE}/check_block_status`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return checkBlockStatus(ctx, viewer, id);
  });

  app.post(`${BASE}/report`, async (request, reply) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const body = reportBodySchema.parse(request.body ?? {});
    return reply.status(201).send(await reportConversation(ctx, viewer, id, body));
  });
}
