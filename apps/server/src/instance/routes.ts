import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { instanceActivity } from './activity.js';
import { instanceLanguages } from './languages.js';
import { buildInstance, buildInstanceV1 } from './service.js';
import { ensureDefaultThumbnail } from './thumbnail.js';
import { mediaStorageFor } from '../media/storage.js';
import { publicRoute, scopes } from '../auth/route-scopes.js';
import { requireAccount } from '../auth/viewer.js';

/** Public, and answered from settings and counts stored aside: never queued behind heavier requests. */
const lightPublicRoute = { config: { ...publicRoute.config, light: true } };

/** Server information (SPEC §3 Server), public: the client loads it at start-up and 3 s later. */
export async function registerInstanceRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  await ensureDefaultThumbnail(mediaStorageFor(ctx));
  app.get('/api/v2/instance', lightPublicRoute, async () => buildInstance(ctx));
  app.get('/api/v1/instance', lightPublicRoute, async () => buildInstanceV1(ctx));
  app.get('/api/v1/instance/activity', publicRoute, async () => instanceActivity(ctx.db));
  // No federation yet: this server knows no other domains.
  app.get('/api/v1/instance/peers', lightPublicRoute, async () => []);
  // Nor does it block any server. Once moderators can (the admin domain blocks), Mastodon's rule applies:
  // the list is shown to all, to signed-in users, or to nobody (404), as the server's setting says.
  app.get('/api/v1/instance/domain_blocks', lightPublicRoute, async () => []);
  app.get('/api/v1/instance/languages', lightPublicRoute, async () => instanceLanguages());
  // The server has no custom emojis and no announcements feature: empty lists are the truth.
  app.get('/api/v1/custom_emojis', lightPublicRoute, async () => []);
  app.get('/api/v1/announcements', scopes('read'), async (request) => {
    requireAccount(request);
    return [];
  });
}
