import type { FastifyInstance } from 'fastify';
import { requireAccount, requireBearerAccount } from '../../auth/viewer.js';
import { scopes } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { forbidden } from '../../http/errors.js';
import { signUpAppOf } from '../../auth/store.js';

/**
 * Mastodon's e-mail confirmation endpoints. Palchat sends no e-mail and has no confirmation step: an address is
 * taken as confirmed at sign-up (as the admin API's `confirmed` says). So resending answers what Mastodon answers
 * for a confirmed address, 403, after its first check (only the app the account signed up with may ask), and its
 * `email` parameter changes nothing.
 */
export async function registerEmailConfirmationRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/emails/confirmations', scopes('write:accounts'), async (request) => {
    const account = requireBearerAccount(request);
    const signUpApp = await signUpAppOf(ctx.db, account.id);
    const appId = request.viewer?.appId ?? null;
    if (!signUpApp || signUpApp !== appId) throw forbidden('auth.only_signup_app');
    throw forbidden('auth.only_unconfirmed');
  });

  app.get('/api/v1/emails/check_confirmation', scopes('read:accounts'), async (request) => {
    requireAccount(request);
    return true;
  });
}
