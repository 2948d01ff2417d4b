import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { buildInstance, buildInstanceV1 } from './service.js';
import { ensureDefaultThumbnail } from './thumbnail.js';
import { publicRoute } from '../auth/route-scopes.js';

/** Server information (SPEC §3 Server), public: the client loads it at start-up and 3 s later. */
export async function registerInstanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await ensureDefaultThumbnail(ctx.config.mediaDir);
  app.get('/api/v2/instance', publicRoute, async () => buildInstance(ctx));
  app.get('/api/v1/instance', publicRoute, async () => buildInstanceV1(ctx));
}
