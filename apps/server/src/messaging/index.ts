import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerConversationRoutes } from './routes/conversations.js';
import { registerDiscoveryRoutes } from './routes/discovery.js';
import { registerGroupRoutes } from './routes/groups.js';
import { registerMessageRoutes } from './routes/messages.js';
import { registerPreferenceRoutes } from './routes/preferences.js';
import { registerSafetyRoutes } from './routes/safety.js';

/** The friend_messages API of SPEC §7. */
export async function registerMessagingRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  registerConversationRoutes(app, ctx);
  registerGroupRoutes(app, ctx);
  registerSafetyRoutes(app, ctx);
  registerPreferenceRoutes(app, ctx);
  registerMessageRoutes(app, ctx);
  registerDiscoveryRoutes(app, ctx);
}
