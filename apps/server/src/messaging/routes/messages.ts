import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { idempotencyKeyOf } from '../../http/idempotency-key.js';
import { hideMessage, postMessage, toggleReaction } from '../messages.js';
import { idParamsSchema, reactBodySchema, sendMessageBodySchema } from '../schema.js';

export function registerMessageRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post('/api/v1/friend_messages', async (request, reply) => {
    const viewer = requireAccount(request);
    const body = sendMessageBodySchema.parse(request.body ?? {});
    const { message, created } = await postMessage(ctx, viewer, body, idempotencyKeyOf(request));
    return reply.status(created ? 201 : 200).send(message);
  });

  app.delete('/api/v1/friend_messages/:id', async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return hideMessage(ctx, viewer, id);
  });

  app.post('/api/v1/friend_messages/:id/react', async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const { emoji } = reactBodySchema.parse(request.body ?? {});
    return toggleReaction(ctx, viewer, id, emoji);
  });
}
