import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import {
  activeStatusQuerySchema,
  messageableQuerySchema,
  searchQuerySchema,
  userIdParamsSchema,
} from '../schema.js';
import { searchMessages } from '../search.js';
import { activeStatus, messageableUsers } from '../users.js';

export function registerDiscoveryRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/v1/friend_messages/search', async (request) => {
    const viewer = requireAccount(request);
    const query = searchQuerySchema.parse(request.query);
    return searchMessages(ctx, viewer, query);
  });

  app.get('/api/v1/friend_messages/messageable_users', async (request) => {
    const viewer = requireAccount(request);
    const { search } = messageableQuerySchema.parse(request.query);
    return messageableUsers(ctx, viewer, search);
  });

  app.get('/api/v1/friend_messages/active_status/:userId', async (request) => {
    const viewer = requireAccount(request);
    const { userId } = userIdParamsSchema.parse(request.params);
    const { conversation_id } = activeStatusQuerySchema.parse(request.query);
    return activeStatus(ctx, viewer, userId, conversation_id);
  });
}
