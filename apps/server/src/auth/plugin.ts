import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db/index.js';
import { unauthorized } from '../http/errors.js';
import { cookieRefusedCrossOrigin } from '../http/cors.js';
import { CSRF_FORM_FIELD, CSRF_HEADER, type CsrfTokens } from './csrf.js';
import { findBearer } from './bearer-tokens.js';
import { activeWithinHour, findSessionAccount, touchAccountActivity } from './sessions.js';
import { checkRouteScopes, registerRouteScopes, type RegisteredRoute } from './route-scopes.js';

export const SESSION_COOKIE = '_palchat_session';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

export interface CookieSecurity {
  secure: boolean;
}

/** Cookies are marked Secure when the server is reached over HTTPS. */
export function cookieSecurityOf(config: { publicUrl: string }): CookieSecurity {
  return { secure: config.publicUrl.startsWith('https:') };
}

/** Authenticated by client credentials, never by the cookie: no CSRF token to check. */
const CSRF_EXEMPT_PATHS = new Set(['/oauth/token', '/oauth/revoke']);

/** The access token a request carries in its Authorization header. */
export function bearerFrom(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (header?.startsWith('Bearer ')) return header.slice('Bearer '.length).trim() || null;
  return null;
}

export function setSessionCookie(reply: FastifyReply, secret: string, security: CookieSecurity): void {
  reply.setCookie(SESSION_COOKIE, secret, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: security.secure,
    maxAge: 60 * 60 * 24 * 365,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

const isFormPost = (request: FastifyRequest): boolean =>
  (request.headers['content-type'] ?? '').startsWith('application/x-www-form-urlencoded');

/** Requests whose CSRF token arrives in the form body, checked once the body is parsed. */
const csrfFromBody = new WeakSet<FastifyRequest>();

declare module 'fastify' {
  interface FastifyInstance {
    /** every route with the OAuth scopes it accepts (see route-scopes.ts) */
    routeScopes: RegisteredRoute[];
    /** issues the page's and forms' CSRF token, checks the one a request sends (auth/csrf.ts) */
    csrfTokens: CsrfTokens;
  }
}

interface AuthOptions {
  db: Db;
  csrf: CsrfTokens;
  /** PUBLIC_URL's origin: the pages whose requests the session cookie may authenticate on the CORS paths */
  ownOrigin: string;
}

/**
 * Resolves request.viewer from a bearer token (preferred) or the session cookie (never for another site's
 * request to a CORS path: http/cors.ts), checks the token's OAuth scopes against the route's, and enforces CSRF
 * on every cookie-authenticated request that changes something, and on the sign-in and sign-up forms.
 */
async function authPlugin(app: FastifyInstance, options: AuthOptions): Promise<void> {
  const { db, csrf, ownOrigin } = options;
  app.decorateRequest('viewer', null);
  app.decorate('csrfTokens', csrf);
  app.decorate('routeScopes', registerRouteScopes(app));

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config.anonymous) return;
    const token = bearerFrom(request);
    if (token) {
      const match = await findBearer(db, token, {
        withHomeRelations: request.routeOptions.config.readsHomeRelations === true,
      });
      if (!match) throw unauthorized('auth.token_invalid');
      request.viewer = { ...match, via: 'bearer' };
    } else if (!cookieRefusedCrossOrigin(request, ownOrigin)) {
      const secret = request.cookies[SESSION_COOKIE];
      const session = secret ? await findSessionAccount(db, secret) : null;
      if (session) {
        request.viewer = {
          account: session.account,
          appId: null,
          via: 'cookie',
          sessionId: session.sessionId,
          tokenId: null,
          scopes: ['read', 'write', 'follow', 'push'],
        };
      }
    }
    checkRouteScopes(request);
    const account = request.viewer?.account;
    // checked here first: most requests have nothing to record, and need no await
    if (account && !activeWithinHour(account)) await touchAccountActivity(db, account);

    const isCookieAuthenticated = request.viewer?.via === 'cookie';
    const isAuthForm = request.url.startsWith('/auth/');
    const path = request.url.split('?', 1)[0] ?? '';
    if (SAFE_METHODS.has(request.method) || CSRF_EXEMPT_PATHS.has(path)) return;
    if (!isCookieAuthenticated && !isAuthForm) return;
    const header = request.headers[CSRF_HEADER];
    if (header === undefined && isFormPost(request)) csrfFromBody.add(request);
    else csrf.verify(request, header);
  });

  app.addHook('preValidation', async (request) => {
    if (!csrfFromBody.has(request)) return;
    const body = request.body;
    const sent =
      body && typeof body === 'object' ? (body as Record<string, unknown>)[CSRF_FORM_FIELD] : undefined;
    csrf.verify(request, sent);
  });
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route sends the same public bytes to everyone (the client's built assets): who asks is not looked up. */
    anonymous?: boolean;
    /**
     * The route reads the viewer's relations and home feed row (the home timeline): a bearer's are read by the
     * token's statement (Viewer.homeRelations), a round trip less on PostgreSQL.
     */
    readsHomeRelations?: boolean;
  }
}

export default fp(authPlugin, { name: 'auth' });
