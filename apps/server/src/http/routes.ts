import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerSessionRoutes } from '../auth/routes-session.js';
import { registerOAuthRoutes } from '../auth/routes-oauth.js';
import { registerInstanceRoutes } from '../instance/routes.js';
import { registerWebRoutes } from '../web/routes.js';

/** Every domain's routes, in one place so that the app factory stays small. */
export async function registerDomainRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await registerSessionRoutes(app, ctx);
  await registerOAuthRoutes(app, ctx);
  await registerInstanceRoutes(app, ctx);
  await registerWebRoutes(app, ctx);
}
