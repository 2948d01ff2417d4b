import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppContext } from '../context.js';
import { nowIso } from '../lib/time.js';
import { getServerSettings } from '../settings/service.js';
import { clearSessionCookie, cookieSecurityOf, setSessionCookie } from './plugin.js';
import { RegistrationInvalid, registerAccount, type RegistrationInput } from './registration.js';
import { createSession, destroySession } from './sessions.js';
import { authenticate, safeRedirectPath } from './sign-in.js';

const bodyOf = (request: FastifyRequest): Record<string, unknown> =>
  request.body && typeof request.body === 'object' ? (request.body as Record<string, unknown>) : {};

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
  await ctx.db
    .updateTable('accounts')
    .set({ last_active_at: nowIso() })
    .where('id', '=', accountId)
    .execute();
}

/** The JSON endpoints behind the web client's sign-in and sign-up pages (cookie + X-CSRF-Token). */
export async function registerSessionRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/auth/sign_in', async (request, reply) => {
    const body = bodyOf(request);
    const account = await authenticate(ctx.db, text(body.login), text(body.password));
    if (request.viewer?.sessionId) await destroySession(ctx, request.viewer.sessionId);
    await startSession(ctx, request, reply, account.id);
    return { redirect_to: safeRedirectPath(body.redirect_to, '/') };
  });

  app.post('/auth/sign_up', async (request, reply) => {
    const settings = await getServerSettings(ctx.db);
    try {
      const { account, pending } = await registerAccount(ctx.db, bodyOf(request) as RegistrationInput, {
        mode: settings.registrations_mode,
        requireConfirmation: true,
        ip: request.ip,
      });
      if (pending) return { redirect_to: '/auth/sign_in', pending: true };
      if (request.viewer?.sessionId) await destroySession(ctx, request.viewer.sessionId);
      await startSession(ctx, request, reply, account.id);
      return { redirect_to: '/start' };
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
