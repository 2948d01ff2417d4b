import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { deepHealth } from '../health-checks.js';

const DEEP_VALUES = new Set(['1', 'true']);

/**
 * Paths of the server itself outside the API, which the web page catch-all must never answer:
 * the health check that load balancers poll, and the `/.well-known/` discovery documents.
 */
export function registerServiceRoutes(app: FastifyInstance, ctx: AppContext): void {
  // as Mastodon's: a plain "OK", whoever asks; `?deep=1` also checks what the server depends on
  app.get<{ Querystring: { deep?: string } }>('/health', publicRoute, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const { deep } = request.query;
    if (deep === undefined) return reply.type('text/plain; charset=utf-8').send('OK');
    if (!DEEP_VALUES.has(deep)) {
      return reply.status(400).send({ error: 'deep must be 1 or true', code: 'validation_failed' });
    }
    const health = await deepHealth(ctx);
    return reply.status(health.status === 'ok' ? 200 : 503).send(health);
  });

  // Each discovery document registers its own `/.well-known/<name>` route (oauth-authorization-server in
  // auth/routes-oauth.ts, nodeinfo in federation/nodeinfo.ts); webfinger and host-meta come with federation.
  // Until a document exists its URL is a JSON 404, so that discovery clients never mistake the web page for
  // an answer.
  app.all('/.well-known/*', publicRoute, async (_request, reply) =>
    reply.status(404).send({ error: 'Not found' }),
  );
}
