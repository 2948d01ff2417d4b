import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import { scopes } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { serializeStatuses } from '../../statuses/serializer.js';
import { offsetQuerySchema } from '../../timelines/pagination.js';
import { setOffsetLinkHeader } from '../../trends/offset-link-header.js';
import { trendingLinks, trendingStatuses, trendingTags } from '../../trends/service.js';
import { dimensions, dimensionsInputSchema } from '../dimensions.js';
import { measures, measuresInputSchema, retention, retentionInputSchema } from '../metrics.js';
import { linkPublishers, reviewLinkPublisher } from '../link-publishers.js';
import { requireAdministration, requireModeration } from '../service.js';

const publisherParams = z.object({ id: z.string().min(1).max(253) });

/**
 * The admin dashboard's measures, dimensions and retention (administration permission, as the dashboard view),
 * and the trends as moderators review them (moderation permission).
 */
export async function registerAdminMetricsRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.post('/api/v1/admin/measures', scopes('admin:read'), async (request) => {
    requireAdministration(requireAccount(request));
    return measures(ctx.db, measuresInputSchema.parse(request.body ?? {}));
  });

  app.post('/api/v1/admin/dimensions', scopes('admin:read'), async (request) => {
    requireAdministration(requireAccount(request));
    return dimensions(ctx.db, ctx.config.localDomain, dimensionsInputSchema.parse(request.body ?? {}));
  });

  app.post('/api/v1/admin/retention', scopes('admin:read'), async (request) => {
    requireAdministration(requireAccount(request));
    return retention(ctx.db, retentionInputSchema.parse(request.body ?? {}));
  });

  const page = offsetQuerySchema(10, 40);

  app.get('/api/v1/admin/trends/statuses', scopes('admin:read'), async (request, reply) => {
    const viewer = requireAccount(request);
    requireModeration(viewer);
    const query = page.parse(request.query);
    const rows = await trendingStatuses(ctx, viewer, query.offset, query.limit);
    setOffsetLinkHeader(request, reply, query, rows.length);
    return serializeStatuses(ctx, rows, viewer);
  });

  app.get('/api/v1/admin/trends/tags', scopes('admin:read'), async (request, reply) => {
    requireModeration(requireAccount(request));
    const query = page.parse(request.query);
    const tags = await trendingTags(ctx, query.offset, query.limit);
    setOffsetLinkHeader(request, reply, query, tags.length);
    // Mastodon's Admin::Tag: there is no review queue, every tag may trend and be used
    return tags.map((tag) => ({
      ...tag,
      trendable: true,
      usable: true,
      requires_review: false,
      listable: true,
    }));
  });

  app.get('/api/v1/admin/trends/links', scopes('admin:read'), async (request, reply) => {
    requireModeration(requireAccount(request));
    const query = page.parse(request.query);
    const links = await trendingLinks(ctx, query.offset, query.limit);
    setOffsetLinkHeader(request, reply, query, links.length);
    return links;
  });

  app.get('/api/v1/admin/trends/links/publishers', scopes('admin:read'), async (request, reply) => {
    requireModeration(requireAccount(request));
    const query = page.parse(request.query);
    const publishers = await linkPublishers(ctx.db, query.offset, query.limit);
    setOffsetLinkHeader(request, reply, query, publishers.length);
    return publishers;
  });

  for (const [action, trendable] of [
    ['approve', true],
    ['reject', false],
  ] as const) {
    app.post(
      `/api/v1/admin/trends/links/publishers/:id/${action}`,
      scopes('admin:write'),
      async (request) => {
        requireModeration(requireAccount(request));
        const { id } = publisherParams.parse(request.params);
        return reviewLinkPublisher(ctx.db, id, trendable);
      },
    );
  }
}
