import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { addAlias, cancelMove, listAliases, migrationState, moveAccount, removeAlias } from '../migration.js';

/**
 * The web client's account migration settings (Mastodon has them as settings pages, not in its REST API):
 * JSON under /api/web/settings like the client's other settings, so the session cookie with its CSRF token,
 * or a token with the read:accounts / write:accounts scopes (auth/route-scopes.ts); open to a moved account
 * too. Moving needs the current password whatever the credentials.
 */
const requireWebAccount = (request: FastifyRequest) => requireAccount(request, { allowMoved: true });

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

export function registerMigrationRoutes(app: FastifyInstance, ctx: AppContext): void {
  app.get('/api/web/settings/aliases', async (request) => ({
    aliases: await listAliases(ctx, requireWebAccount(request)),
  }));
  app.post('/api/web/settings/aliases', async (request) => ({
    aliases: await addAlias(ctx, requireWebAccount(request), bodyOf(request).acct),
  }));
  app.delete('/api/web/settings/aliases', async (request) => ({
    aliases: await removeAlias(ctx, requireWebAccount(request), (request.query as { uri?: unknown }).uri),
  }));
  app.get('/api/web/settings/migration', async (request) => migrationState(ctx, requireWebAccount(request)));
  app.post('/api/web/settings/migration', async (request) =>
    moveAccount(ctx, requireWebAccount(request), bodyOf(request)),
  );
  app.delete('/api/web/settings/migration', async (request) => cancelMove(ctx, requireWebAccount(request)));
}
