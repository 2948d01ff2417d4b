import crypto from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { forbidden } from '../http/errors.js';
import { randomToken, safeEqual } from '../lib/crypto.js';
import type { CookieSecurity } from './plugin.js';

/** A signed-out visitor's random id, which the sign-in and sign-up forms' token is bound to. */
export const CSRF_COOKIE = '_palchat_csrf';
export const CSRF_HEADER = 'x-csrf-token';
/** The hidden field that server-rendered HTML forms (the OAuth consent page) carry instead of the header. */
export const CSRF_FORM_FIELD = 'authenticity_token';

/** The key tokens are signed with, derived so that no other use of the server's secret shares it. */
export function csrfKeyOf(secretKeyBase: string): Buffer {
  return crypto.createHmac('sha256', secretKeyBase).update('palchat:csrf-token').digest();
}

/** What a token is bound to: the session of a signed-in browser, else the visitor cookie. */
export const sessionBinding = (sessionId: string): string => `session:${sessionId}`;
export const visitorBinding = (visitorId: string): string => `visitor:${visitorId}`;

export function csrfTokenOf(key: Buffer, binding: string): string {
  return crypto.createHmac('sha256', key).update(binding).digest('base64url');
}

const cookieSessionOf = (request: FastifyRequest): string | null =>
  request.viewer?.via === 'cookie' ? request.viewer.sessionId : null;

/**
 * CSRF tokens that an attacker cannot make: an HMAC, with the server's secret, of the session id (a new one at
 * every sign-in) or, before signing in, of the visitor cookie. A cookie planted by an attacker (a sibling
 * subdomain, a man in the middle on http) is worth nothing without the matching token.
 */
export class CsrfTokens {
  private readonly key: Buffer;

  constructor(
    secretKeyBase: string,
    private readonly security: CookieSecurity,
  ) {
    this.key = csrfKeyOf(secretKeyBase);
  }

  /** The token a page or form carries; a signed-out visitor without a visitor cookie is given one. */
  issue(request: FastifyRequest, reply: FastifyReply): string {
    const sessionId = cookieSessionOf(request);
    if (sessionId) return csrfTokenOf(this.key, sessionBinding(sessionId));
    let visitorId = request.cookies[CSRF_COOKIE];
    if (!visitorId) {
      visitorId = randomToken();
      reply.setCookie(CSRF_COOKIE, visitorId, {
        path: '/',
        httpOnly: true,
        sameSite: 'lax',
        secure: this.security.secure,
      });
      request.cookies[CSRF_COOKIE] = visitorId;
    }
    return csrfTokenOf(this.key, visitorBinding(visitorId));
  }

  /** A 403 unless `sent` is the token of this request's session (of its visitor cookie when signed out). */
  verify(request: FastifyRequest, sent: unknown): void {
    const sessionId = cookieSessionOf(request);
    const visitorId = request.cookies[CSRF_COOKIE];
    const binding = sessionId ? sessionBinding(sessionId) : visitorId ? visitorBinding(visitorId) : null;
    if (!binding || typeof sent !== 'string' || !safeEqual(csrfTokenOf(this.key, binding), sent)) {
      throw forbidden('auth.csrf_refused');
    }
  }
}
