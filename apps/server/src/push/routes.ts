import type { FastifyInstance, FastifyRequest } from 'fastify';
import { bearerFrom } from '../auth/plugin.js';
import { requireBearerAccount } from '../auth/viewer.js';
import { scopes } from '../auth/route-scopes.js';
import type { AppContext } from '../context.js';
import { unauthorized } from '../http/errors.js';
import {
  findSubscription,
  serializeSubscription,
  subscribe,
  subscriptionCreateSchema,
  subscriptionUpdateSchema,
  unsubscribe,
  updateSubscription,
} from './subscriptions.js';
import { pushQueueFor } from './delivery.js';
import { sealAccessToken } from './sealed-token.js';
import { vapidKeys } from './vapid.js';

/** The caller's access token and account: a Web Push subscription belongs to one token. */
function tokenOwner(request: FastifyRequest): { tokenId: string; accountId: string } {
  const account = requireBearerAccount(request);
  const tokenId = request.viewer?.tokenId;
  if (!tokenId) throw unauthorized('auth.user_token_required');
  return { tokenId, accountId: account.id };
}

/** The owner with the token itself, sealed: the pushes of the subscription carry it (Mastodon's access_token). */
async function sealedTokenOwner(ctx: AppContext, request: FastifyRequest) {
  const owner = tokenOwner(request);
  const token = bearerFrom(request);
  if (!token) throw unauthorized('auth.user_token_required');
  return { ...owner, sealedAccessToken: await sealAccessToken(ctx, owner.tokenId, token) };
}

/** /api/v1/push/subscription: the token's Web Push subscription (one per token). */
export async function registerPushRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const path = '/api/v1/push/subscription';
  // pushes already queued are tried before the database closes
  app.addHook('onClose', () => pushQueueFor(ctx).idle());
  const render = async (row: Parameters<typeof serializeSubscription>[0]) =>
    serializeSubscription(row, (await vapidKeys(ctx.db)).publicKey);

  app.post(path, scopes('push'), async (request) => {
    const owner = await sealedTokenOwner(ctx, request);
    return render(await subscribe(ctx.db, owner, subscriptionCreateSchema.parse(request.body ?? {})));
  });

  app.get(path, scopes('push'), async (request) =>
    render(await findSubscription(ctx.db, tokenOwner(request).tokenId)),
  );

  app.put(path, scopes('push'), async (request) => {
    // sealed again: a subscription made before tokens were kept gets its token back
    const owner = await sealedTokenOwner(ctx, request);
    return render(
      await updateSubscription(ctx.db, owner, subscriptionUpdateSchema.parse(request.body ?? {})),
    );
  });

  app.delete(path, scopes('push'), async (request) => {
    await unsubscribe(ctx.db, tokenOwner(request).tokenId);
    return {};
  });
}
