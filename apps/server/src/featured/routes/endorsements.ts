import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { pageOfAccounts } from '../../accounts/account-page.js';
import { findAccountOr404 } from '../../accounts/lookup.js';
import { pageQuerySchema } from '../../timelines/pagination.js';
import { scopes } from '../../auth/route-scopes.js';
import { endorsedAccountsQuery } from '../store.js';
import { endorseAccount, unendorseAccount } from '../endorsements.js';

const idParams = z.object({ id: z.string() });

/**
 * Accounts featured on a profile: Mastodon 4.4's endorse/unendorse (and the older pin/unpin names of the same
 * thing), the viewer's own list and anyone's.
 */
export async function registerEndorsementRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(40, 80);

  for (const verb of ['endorse', 'pin'])
    app.post(`/api/v1/accounts/:id/${verb}`, scopes('write:accounts'), async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      return endorseAccount(ctx, viewer, await findAccountOr404(ctx.db, id));
    });

  for (const verb of ['unendorse', 'unpin'])
    app.post(`/api/v1/accounts/:id/${verb}`, scopes('write:accounts'), async (request) => {
      const viewer = requireAccount(request);
      const { id } = idParams.parse(request.params);
      return unendorseAccount(ctx, viewer, await findAccountOr404(ctx.db, id));
    });

  const endorsementsOf = (accountId: string) => endorsedAccountsQuery(ctx.db, accountId);

  app.get('/api/v1/endorsements', scopes('read:accounts'), async (request, reply) => {
    const viewer = requireAccount(request);
    const query = page.parse(request.query);
    return pageOfAccounts(ctx, request, reply, endorsementsOf(viewer.id), 'endorsements.id', query);
  });

  app.get('/api/v1/accounts/:id/endorsements', scopes('read:accounts'), async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const account = await findAccountOr404(ctx.db, id);
    const query = page.parse(request.query);
    return pageOfAccounts(ctx, request, reply, endorsementsOf(account.id), 'endorsements.id', query);
  });
}
