import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { commitMembership, createEncryptedConversation } from '../conversations.js';
import { acknowledge, fetchEnvelopes, pending, pendingRemovals, postEnvelope } from '../delivery.js';
import {
  ackBodySchema,
  createConversationBodySchema,
  deviceQuerySchema,
  fetchQuerySchema,
  idParamsSchema,
  postMessageBodySchema,
} from '../schema.js';

const BASE = '/api/v1/e2ee/conversations';

export function registerConversationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.post(BASE, async (request, reply) => {
    const viewer = requireAccount(request);
    const body = createConversationBodySchema.parse(request.body ?? {});
    return reply.status(201).send(await createEncryptedConversation(ctx, viewer, body));
  });

  app.post(`${BASE}/:id/messages`, async (request, reply) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    const body = postMessageBodySchema.parse(request.body ?? {});
    const result = await postEnvelope(ctx, viewer, id, body, (out) => commitMembership(ctx, out));
    return reply.status(result.status).send(result.body);
  });

  app.get(`${BASE}/:id/messages`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return fetchEnvelopes(ctx, viewer, id, fetchQuerySchema.parse(request.query));
  });

  app.post(`${BASE}/:id/ack`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return acknowledge(ctx, viewer, id, ackBodySchema.parse(request.body ?? {}));
  });

  app.get(`${BASE}/:id/pending_removals`, async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParamsSchema.parse(request.params);
    return pendingRemovals(ctx, viewer, id);
  });

  app.get('/api/v1/e2ee/pending', async (request) => {
    const viewer = requireAccount(request);
    const { device_id } = deviceQuerySchema.parse(request.query);
    return pending(ctx, viewer, device_id);
  });
}
