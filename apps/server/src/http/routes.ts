import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerSessionRoutes } from '../auth/routes-session.js';
import { registerOAuthRoutes } from '../auth/routes-oauth.js';
import { registerInstanceRoutes } from '../instance/routes.js';
import { registerWebRoutes } from '../web/routes.js';
import { registerMessaging } from '../messaging/index.js';
import { registerMedia } from '../media/routes.js';
import { registerStreaming } from '../streaming/websocket.js';
import { accountRoutes } from '../accounts/routes.js';
import { accountGraphRoutes } from '../accounts/graph-routes.js';
import { statusRoutes } from '../statuses/routes.js';
import { timelineRoutes } from '../timelines/routes.js';
import { conversationRoutes } from '../timelines/conversations.js';
import { markerRoutes } from '../timelines/markers.js';
import { tagRoutes } from '../timelines/tag-routes.js';
import { notificationRoutes } from '../notifications/routes.js';
import { listRoutes } from '../lists/routes.js';
import { searchRoutes } from '../search/routes.js';
import { trendRoutes } from '../trends/routes.js';

/** Every domain's routes, in one place so that the app factory stays small. */
export async function registerDomainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSessionRoutes(app, ctx);
  await registerOAuthRoutes(app, ctx);
  await registerInstanceRoutes(app, ctx);
  await registerWebRoutes(app, ctx);
  await registerMessaging(app, ctx);
  await registerMedia(app, ctx);
  await registerStreaming(app, ctx);
  await accountRoutes(app, ctx);
  await accountGraphRoutes(app, ctx);
  await statusRoutes(app, ctx);
  await timelineRoutes(app, ctx);
  await conversationRoutes(app, ctx);
  await markerRoutes(app, ctx);
  await tagRoutes(app, ctx);
  await notificationRoutes(app, ctx);
  await listRoutes(app, ctx);
  await searchRoutes(app, ctx);
  await trendRoutes(app, ctx);
}
