import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { safeRedirectPath } from '@palchat/api';
import type { AppContext } from '../../context.js';
import { getServerSettings } from '../../settings/service.js';
import { clearSessionCookie, cookieSecurityOf, setSessionCookie } from '../plugin.js';
import { RegistrationInvalid, registerAccount } from '../registration.js';
import { createSession, destroySession } from '../sessions.js';
import { authenticate } from '../sign-in.js';
import { markAccountActive } from '../../accounts/store.js';
import { withBrowserLocale } from '../../i18n/request-locale.js';

const paramsOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' ? (value as Record<string, unknown>) : {};
const bodyOf = (request: FastifyRequest): Record<string, unknown> => paramsOf(request.body);

/**
 * Where the visitor was going when asked to sign in (an app's /oauth/authorize link, a page of the client): the
 * sign-in and sign-up pages pass it on in the query string, a plain form may post it.
 */
const requestedRedirect = (request: FastifyRequest): unknown =>
  bodyOf(request).redirect_to ?? paramsOf(request.query).redirect_to;

/** The sign-in page, still headed where the visitor was going. */
function signInPageFor(request: FastifyRequest): string {
  const next = safeRedirectPath(requestedRedirect(request), '');
  return next ? `/auth/sign_in?redirect_to=${encodeURIComponent(next)}` : '/auth/sign_in';
}

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

async function startSession(
  ctx: AppContext,
  request: FastifyRequest,
  reply: FastifyReply,
  accountId: string,
) {
  const session = await createSession(ctx.db, accountId, {
    userAgent: request.headers['user-agent'] ?? '',
    ip: request.ip,
  });
  setSessionCookie(reply, session.secret, cookieSecurityOf(ctx.config));
  // signing in counts as activity for the monthly active users
  await markAccountActive(ctx.db, accountId);
}

/** The JSON endpoints behind the web client's sign-in and sign-up pages (cookie + X-CSRF-Token). */
export async function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/auth/sign_in', async (request, reply) => {
    const body = bodyOf(request);
    const account = await authenticate(ctx.db, text(body.login), text(body.password));
    if (request.viewer?.sessionId) await destroySession(ctx, request.viewer.sessionId);
    await startSession(ctx, request, reply, account.id);
    return { redirect_to: safeRedirectPath(requestedRedirect(request), '/') };
  });

  app.post('/auth/sign_up', async (request, reply) => {
    const settings = await getServerSettings(ctx.db);
    try {
      const { account, pending } = await registerAccount(
        ctx.db,
        withBrowserLocale(request, bodyOf(request)),
        {
          mode: settings.registrations_mode,
          requireConfirmation: true,
          ip: request.ip,
        },
      );
      if (pending) return { redirect_to: signInPageFor(request), pending: true };
      if (request.viewer?.sessionId) await destroySession(ctx, request.viewer.sessionId);
      await startSession(ctx, request, reply, account.id);
      return { redirect_to: safeRedirectPath(requestedRedirect(request), '/start') };
    } catch (error) {
      if (error instanceof RegistrationInvalid) throw error.toPageError();
      throw error;
    }
  });

  const signOut = async (request: FastifyRequest, reply: FastifyReply) => {
    if (request.viewer?.sessionId) {
      await destroySession(ctx, request.viewer.sessionId);
    }
    clearSessionCookie(reply);
    return { redirect_to: '/auth/sign_in' };
  };
  app.delete('/auth/sign_out', signOut);
  app.post('/auth/sign_out', signOut);
}
