import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { pageOfAccounts } from '../../accounts/account-page.js';
import { ApiError, notFound } from '../../http/errors.js';
import { newestFirst, pageQuerySchema, paginateQuery, withoutCursors } from '../../timelines/pagination.js';
import { serializeStatus, serializeStatuses } from '../serializer.js';
import { findVisibleStatus, statusContext } from '../service.js';
import { scopes } from '../../auth/route-scopes.js';
import { idsFromQuery } from '../../accounts/schema.js';
import { favouritersQuery, markedStatusesQuery, rebloggersQuery } from '../store.js';

const idParams = z.object({ id: z.string() });
/** As Mastodon's GET /api/v1/statuses: at most this many ids are read. */
const MULTIPLE_STATUSES_LIMIT = 20;

export async function registerStatusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const statusPage = pageQuerySchema(20, 40);
  const accountPage = pageQuerySchema(40, 80);

  // Mastodon 4.3: several statuses at once, in the order asked; those the viewer may not read are left out
  app.get('/api/v1/statuses', scopes('read:statuses'), async (request) => {
    const viewer = request.viewer?.account ?? null;
    const ids = idsFromQuery(request.query).slice(0, MULTIPLE_STATUSES_LIMIT);
    const readable = (id: string) =>
      findVisibleStatus(ctx.db, viewer, id).catch((error: unknown) => {
        if (error instanceof ApiError && error.statusCode === 404) return null;
        throw error;
      });
    const rows = await Promise.all(ids.map(readable));
    return serializeStatuses(
      ctx,
      rows.filter((row) => row !== null),
      viewer,
      'thread',
    );
  });

  app.get('/api/v1/statuses/:id', scopes('read:statuses'), async (request) => {
    const viewer = request.viewer?.account ?? null;
    const { id } = idParams.parse(request.params);
    const row = await findVisibleStatus(ctx.db, viewer, id);
    const status = await serializeStatus(ctx, row, viewer, 'thread');
    if (!status) throw notFound();
    // remote media opened without a copy here (never made, failed a while ago, or pruned) are asked for again
    ctx.federation?.requestMissingMediaCopies([row]);
    return status;
  });

  app.get('/api/v1/statuses/:id/context', scopes('read:statuses'), async (request) => {
    const viewer = request.viewer?.account ?? null;
    const { id } = idParams.parse(request.params);
    const status = await findVisibleStatus(ctx.db, viewer, id);
    const { ancestors, descendants } = await statusContext(ctx.db, viewer, status);
    // the oldest post known here may reply to one that is not: it is fetched in the background
    await ctx.federation?.requestAncestors(ancestors[0] ?? status);
    return {
      ancestors: await serializeStatuses(ctx, ancestors, viewer, 'thread'),
      descendants: await serializeStatuses(ctx, descendants, viewer, 'thread'),
    };
  });

  app.get('/api/v1/statuses/:id/reblogged_by', scopes('read:accounts'), async (request, reply) => {
    const viewer = request.viewer?.account ?? null;
    const { id } = idParams.parse(request.params);
    const status = await findVisibleStatus(ctx.db, viewer, id);
    const page = accountPage.parse(request.query);
    return pageOfAccounts(
      ctx,
      request,
      reply,
      rebloggersQuery(ctx.db, status.id, viewer?.id ?? null),
      'statuses.id',
      page,
    );
  });

  app.get('/api/v1/statuses/:id/favourited_by', scopes('read:accounts'), async (request, reply) => {
    const viewer = request.viewer?.account ?? null;
    const { id } = idParams.parse(request.params);
    const status = await findVisibleStatus(ctx.db, viewer, id);
    const page = accountPage.parse(request.query);
    return pageOfAccounts(ctx, request, reply, favouritersQuery(ctx.db, status.id), 'favourites.id', page);
  });

  for (const table of ['favourites', 'bookmarks'] as const) {
    app.get(`/api/v1/${table}`, scopes(`read:${table}`), async (request, reply) => {
      const viewer = requireAccount(request);
      const page = statusPage.parse(request.query);
      const rows = newestFirst(
        await paginateQuery(markedStatusesQuery(ctx.db, table, viewer.id), `${table}.id`, page).execute(),
        page,
      );
      return serializeStatuses(ctx, withoutCursors(request, reply, rows, page), viewer);
    });
  }
}
