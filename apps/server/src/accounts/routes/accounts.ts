import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { pageOfAccounts } from '../account-page.js';
import { offsetQuerySchema, pageQuerySchema, setLinkHeader } from '../../timelines/pagination.js';
import { queryFlag } from '../../timelines/query-flag.js';
import { accountStatuses, accountStatusesQuerySchema } from '../../timelines/service.js';
import { serializeStatuses } from '../../statuses/serializer.js';
import { authorizeFollowRequest, followAccount, rejectFollowRequest, unfollowAccount } from '../follows.js';
import { findAccountByAcct, findAccountOr404 } from '../lookup.js';
import { directoryPage, findApprovedAccountsByIds } from '../store.js';
import { loadRelationships, relationshipTargets } from '../../relationships/serializer.js';
import { followBodySchema, idsFromQuery } from '../schema.js';
import { serializeAccount, serializeAccountWithMove, serializeCredentialAccount } from '../serializer.js';
import { scopes } from '../../auth/route-scopes.js';
import {
  FOLLOW_LISTING_CURSOR,
  FOLLOW_REQUEST_LISTING_CURSOR,
  followListing,
  followRequestListing,
} from '../../relationships/listings.js';

const idParams = z.object({ id: z.string() });
const pageQuery = pageQuerySchema(40, 80);
/** As Mastodon's GET /api/v1/accounts: at most this many ids are read. */
const MULTIPLE_ACCOUNTS_LIMIT = 40;

export async function registerAccountRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/accounts/verify_credentials', scopes('profile', 'read:accounts'), async (request) => {
    return serializeCredentialAccount(ctx, requireAccount(request));
  });

  // PATCH /api/v1/accounts/update_credentials lives in credential-routes.ts (multipart avatar and header).

  app.get('/api/v1/accounts/lookup', scopes('read:accounts'), async (request) => {
    const { acct } = z.object({ acct: z.string().min(1).max(300) }).parse(request.query);
    // a remote account not known yet is asked of its server for signed-in users (the /@user@domain page)
    if (request.viewer?.account) await ctx.federation?.resolveAccount(acct);
    return serializeAccountWithMove(ctx, await findAccountByAcct(ctx.db, acct, ctx.config.localDomain));
  });

  app.get('/api/v1/accounts/relationships', scopes('read:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { with_suspended } = z.object({ with_suspended: queryFlag }).parse(request.query);
    const targets = await relationshipTargets(ctx.db, idsFromQuery(request.query), {
      withSuspended: with_suspended ?? false,
    });
    return loadRelationships(ctx.db, viewer.id, targets);
  });

  // Mastodon 4.3: several profiles at once, in the order asked; unknown and unapproved ids are left out
  app.get('/api/v1/accounts', scopes('read:accounts'), async (request) => {
    const ids = idsFromQuery(request.query).slice(0, MULTIPLE_ACCOUNTS_LIMIT);
    if (ids.length === 0) return [];
    const rows = await findApprovedAccountsByIds(ctx.db, ids);
    const byId = new Map(rows.map((row) => [row.id, row]));
    return Promise.all(
      ids.flatMap((id) => byId.get(id) ?? []).map((row) => serializeAccountWithMove(ctx, row)),
    );
  });

  app.get('/api/v1/accounts/:id', scopes('read:accounts'), async (request) => {
    const { id } = idParams.parse(request.params);
    return serializeAccountWithMove(ctx, await findAccountOr404(ctx.db, id));
  });

  for (const direction of ['followers', 'following'] as const) {
    app.get(`/api/v1/accounts/:id/${direction}`, scopes('read:accounts'), async (request, reply) => {
      const { id } = idParams.parse(request.params);
      const account = await findAccountOr404(ctx.db, id);
      const page = pageQuery.parse(request.query);
      return pageOfAccounts(
        ctx,
        request,
        reply,
        followListing(ctx.db, account.id, direction),
        FOLLOW_LISTING_CURSOR,
        page,
      );
    });
  }

  // Mastodon 3.x's Keybase proofs, gone since 4.0: apps still ask, and get an empty list for a known account
  app.get('/api/v1/accounts/:id/identity_proofs', scopes('read:accounts'), async (request) => {
    requireAccount(request);
    await findAccountOr404(ctx.db, idParams.parse(request.params).id);
    return [];
  });

  app.get('/api/v1/accounts/:id/statuses', scopes('read:statuses'), async (request, reply) => {
    const { id } = idParams.parse(request.params);
    const account = await findAccountOr404(ctx.db, id);
    const viewer = request.viewer?.account ?? null;
    const query = accountStatusesQuerySchema.parse(request.query);
    // a remote profile opened here shows its recent posts once they are read from its outbox (background)
    if (viewer) await ctx.federation?.requestOutboxBackfill(account);
    const rows = await accountStatuses(ctx.db, account, viewer, query);
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return serializeStatuses(ctx, rows, viewer, 'account');
  });

  app.post('/api/v1/accounts/:id/follow', scopes('follow', 'write:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const target = await findAccountOr404(ctx.db, id);
    const options = followBodySchema.parse(request.body ?? {});
    return followAccount(ctx, viewer, target, options);
  });

  app.post('/api/v1/accounts/:id/unfollow', scopes('follow', 'write:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    return unfollowAccount(ctx, viewer, await findAccountOr404(ctx.db, id));
  });

  app.get('/api/v1/follow_requests', scopes('follow', 'read:follows'), async (request, reply) => {
    const viewer = requireAccount(request);
    const page = pageQuery.parse(request.query);
    return pageOfAccounts(
      ctx,
      request,
      reply,
      followRequestListing(ctx.db, viewer.id),
      FOLLOW_REQUEST_LISTING_CURSOR,
      page,
    );
  });

  app.post('/api/v1/follow_requests/:id/authorize', scopes('follow', 'write:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const requester = await findAccountOr404(ctx.db, id);
    return authorizeFollowRequest(ctx, viewer, requester.id);
  });

  app.post('/api/v1/follow_requests/:id/reject', scopes('follow', 'write:follows'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const requester = await findAccountOr404(ctx.db, id);
    return rejectFollowRequest(ctx, viewer, requester.id);
  });

  /** Local accounts, and remote ones whose domain is not among `domains` (a one-column subquery). */
  const directoryQuery = offsetQuerySchema(40, 80).extend({
    order: z.enum(['active', 'new']).default('active'),
    local: queryFlag,
  });

  app.get('/api/v1/directory', scopes('read:accounts'), async (request) => {
    const { order, offset, limit, local } = directoryQuery.parse(request.query);
    const rows = await directoryPage(ctx.db, request.viewer?.account?.id, { order, local, offset, limit });
    return rows.map((row) => serializeAccount(ctx, row));
  });
}
