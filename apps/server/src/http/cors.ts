import type { FastifyInstance, FastifyRequest } from 'fastify';

/** The paths other sites' pages may call, with the methods each allows: what a browser is told in a preflight. */
interface CorsResource {
  path: RegExp;
  methods: string;
  /** response headers a cross-origin page may read (pagination, rate limits) */
  expose?: string;
}

/**
 * Mastodon's rules (rack-cors in its config/initializers/cors.rb): any origin, never with credentials, so that a
 * web client on its own origin (Phanpy, Elk, …) registers, signs in through OAuth and calls the API with its
 * bearer token. HTML pages (but a profile's, as Mastodon's), the consent page, the session endpoints under
 * /auth/ and the media under /system/ (which Mastodon's nginx serves without CORS) are left out.
 */
const RESOURCES: readonly CorsResource[] = [
  {
    path: /^\/api\//,
    methods: 'POST, PUT, DELETE, GET, PATCH, OPTIONS',
    expose: 'Link, X-RateLimit-Reset, X-RateLimit-Limit, X-RateLimit-Remaining, X-Request-Id',
  },
  { path: /^\/oauth\/(?:token|revoke)$/, methods: 'POST' },
  { path: /^\/(?:\.well-known|nodeinfo)\//, methods: 'GET' },
  { path: /^\/(?:@|users\/)[^/]+$/, methods: 'GET' },
];

/** How long a browser may keep a preflight's answer (rack-cors' default; Chromium keeps it 2 hours at most). */
const PREFLIGHT_MAX_AGE_S = '7200';

const pathOf = (url: string): string => url.split('?', 1)[0] ?? '/';

export function corsResourceOf(url: string): CorsResource | undefined {
  const path = pathOf(url);
  return RESOURCES.find((resource) => resource.path.test(path));
}

/**
 * Whether a request comes from another site's page: its Origin is neither PUBLIC_URL's nor the host it was
 * sent to (a proxy in front, a development server). Browsers send no Origin with a same-origin GET, nor do
 * other clients: those are not foreign. An opaque origin ("null": a sandboxed frame, a file) is.
 */
export function isForeignOrigin(request: FastifyRequest, ownOrigin: string): boolean {
  const origin = request.headers.origin;
  if (origin === undefined || origin === ownOrigin) return false;
  try {
    return new URL(origin).host !== request.host;
  } catch {
    return true;
  }
}

/**
 * A session cookie never authenticates another site's request to a CORS path: a browser sends none with these
 * credential-less requests, but a page of a sibling site (same site, another origin) could ask it to. Such a
 * request counts as anonymous; only a bearer token speaks for it.
 */
export const cookieRefusedCrossOrigin = (request: FastifyRequest, ownOrigin: string): boolean =>
  isForeignOrigin(request, ownOrigin) && corsResourceOf(request.url) !== undefined;

/**
 * Answers CORS preflights (an OPTIONS with Access-Control-Request-Method) on those paths, and marks their
 * answers readable by any origin. The headers are set as the request arrives, so that errors, 404s and the
 * event streams (which bypass the reply) carry them too: a browser hides an answer without them, error or not.
 * Registered before the federation bridge and the session and rate-limit checks, which a preflight never meets.
 */
export function registerCors(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    const resource = corsResourceOf(request.url);
    if (!resource) return;
    reply.header('access-control-allow-origin', '*');
    if (request.method === 'OPTIONS' && request.headers['access-control-request-method'] !== undefined) {
      const requestedHeaders = request.headers['access-control-request-headers'];
      reply.status(204).headers({
        'access-control-allow-methods': resource.methods,
        'access-control-max-age': PREFLIGHT_MAX_AGE_S,
        ...(requestedHeaders ? { 'access-control-allow-headers': requestedHeaders } : {}),
      });
      return reply.send();
    }
    if (resource.expose) reply.header('access-control-expose-headers', resource.expose);
  });
}
