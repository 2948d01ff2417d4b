import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { forbidden } from '../http/errors.js';
import { addAlias, cancelMove, listAliases, migrationState, moveAccount, removeAlias } from './migration.js';

/**
 * The web client's account migration settings (Mastodon has them as settings pages, not in its REST API):
 * JSON, for the signed-in web client only (its session cookie with the CSRF token, or the token derived from
 * the session), open to a moved account too.
 */
function requireWebAccount(request: FastifyRequest) {
  const account = requireAccount(request, { allowMoved: true });
  if (!request.viewer?.sessionId) throw forbidden('Account migration is only available in the web client');
  return account;
}

const bodyOf = (request: FastifyRequest) => (request.body ?? {}) as Record<string, unknown>;

export function migrationRoutes(app: FastifyInstance, ctx: AppContext): void {
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
