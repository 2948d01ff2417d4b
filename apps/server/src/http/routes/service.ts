import type { FastifyInstance } from 'fastify';
import { publicRoute } from '../../auth/route-scopes.js';

/**
 * Paths of the server itself outside the API, which the web page catch-all must never answer:
 * the health check that load balancers poll, and the `/.well-known/` discovery documents.
 */
export function registerServiceRoutes(app: FastifyInstance): void {
  // as Mastodon's: a plain "OK", whoever asks
  app.get('/health', publicRoute, async (_request, reply) =>
    reply.header('cache-control', 'no-store').type('text/plain; charset=utf-8').send('OK'),
  );

  // Each discovery document registers its own `/.well-known/<name>` route (oauth-authorization-server in
  // auth/routes-oauth.ts, nodeinfo in federation/nodeinfo.ts); webfinger and host-meta come with federation.
  // Until a document exists its URL is a JSON 404, so that discovery clients never mistake the web page for
  // an answer.
  app.all('/.well-known/*', publicRoute, async (_request, reply) =>
    reply.status(404).send({ error: 'Not found' }),
  );
}
