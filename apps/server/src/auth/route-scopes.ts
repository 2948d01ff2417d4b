import type { FastifyInstance, FastifyRequest, RouteOptions } from 'fastify';
import { forbidden } from '../http/errors.js';
import { scopeGranted } from './oauth-scopes.js';
import type { Viewer } from './viewer.js';

/** Any one of the listed scopes admits a token (Mastodon's doorkeeper_authorize), or `public`: no scope at all. */
export type RouteScopes = readonly string[] | 'public';

declare module 'fastify' {
  interface FastifyContextConfig {
    scopes?: RouteScopes;
  }
}

/** Route options declaring the OAuth scopes that let a token call the route: `app.get(url, scopes('read:lists'), …)`. */
export const scopes = (...accepted: string[]) => ({
  config: { scopes: accepted } as { scopes: RouteScopes },
});

/** For data anyone may read and for the OAuth plumbing itself: instance information, app registration. */
export const publicRoute = { config: { scopes: 'public' } as { scopes: RouteScopes } };

/**
 * Scopes for route families registered by modules that do not declare their own: reads need the first,
 * everything else the second.
 */
const FAMILY_SCOPES: readonly { prefix: string; read: string; write: string }[] = [
  { prefix: '/api/v1/friend_messages', read: 'read:conversations', write: 'write:conversations' },
  // encrypted chats: the same scopes as the rest of the message box
  { prefix: '/api/v1/e2ee', read: 'read:conversations', write: 'write:conversations' },
  { prefix: '/api/web/settings', read: 'read:accounts', write: 'write:accounts' },
];

const READ_METHODS = new Set(['GET', 'HEAD']);

function familyScopes(url: string, method: string): RouteScopes | undefined {
  const family = FAMILY_SCOPES.find(({ prefix }) => url === prefix || url.startsWith(`${prefix}/`));
  if (!family) return undefined;
  return [READ_METHODS.has(method) ? family.read : family.write];
}

export interface RegisteredRoute {
  method: string;
  url: string;
  scopes: RouteScopes | undefined;
}

function methodsOf(route: RouteOptions): string[] {
  return Array.isArray(route.method) ? route.method : [route.method];
}

/** Records every route with its scopes (the route table test walks it) and fills in family defaults. */
export function registerRouteScopes(app: FastifyInstance): RegisteredRoute[] {
  const table: RegisteredRoute[] = [];
  app.addHook('onRoute', (route) => {
    const [method = 'GET'] = methodsOf(route);
    const config = (route.config ??= {});
    config.scopes ??= familyScopes(route.url, method);
    for (const each of methodsOf(route)) table.push({ method: each, url: route.url, scopes: config.scopes });
  });
  return table;
}

/**
 * The first-party web client (the session cookie, or the token derived from the session) may do whatever the
 * account may; scopes bound what a user granted to a third-party application.
 */
const isFirstParty = (viewer: TokenGrant): boolean => viewer.sessionId !== null;

type TokenGrant = Pick<Viewer, 'sessionId' | 'scopes'>;

/** Throws 403 when a third-party token lacks every scope the route accepts. */
export function assertTokenScopes(viewer: TokenGrant | null, accepted: RouteScopes | undefined): void {
  if (!viewer || isFirstParty(viewer) || !accepted || accepted === 'public') return;
  if (!accepted.some((scope) => scopeGranted(viewer.scopes, scope))) throw forbidden('auth.outside_scopes');
}

export function checkRouteScopes(request: FastifyRequest): void {
  assertTokenScopes(request.viewer, request.routeOptions.config.scopes);
}
