import type { FastifyInstance } from 'fastify';
import type { Tag, TrendsLink } from '@palchat/api';
import type { AppContext } from '../context.js';
import { serializeStatuses } from '../statuses/serializer.js';
import { offsetQuerySchema } from '../timelines/pagination.js';
import { setOffsetLinkHeader } from './offset-link-header.js';
import { publicRoute } from '../auth/route-scopes.js';
import { trendingLinks, trendingStatuses, trendingTags } from './service.js';

/** Trends computed from the last week of public statuses (no review queue yet). */
export async function registerTrendRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const statusQuery = offsetQuerySchema(20, 40);
  const tagQuery = offsetQuerySchema(10, 20);

  app.get('/api/v1/trends/statuses', publicRoute, async (request, reply) => {
    const viewer = request.viewer?.account ?? null;
    const page = statusQuery.parse(request.query);
    const rows = await trendingStatuses(ctx, viewer, page.offset, page.limit);
    setOffsetLinkHeader(request, reply, page, rows.length);
    return serializeStatuses(ctx, rows, viewer);
  });

  for (const url of ['/api/v1/trends/tags', '/api/v1/trends']) {
    app.get(url, publicRoute, async (request, reply): Promise<Tag[]> => {
      const page = tagQuery.parse(request.query);
      const tags = await trendingTags(ctx, page.offset, page.limit);
      setOffsetLinkHeader(request, reply, page, tags.length);
      return tags.map(({ id: _id, ...tag }) => tag);
    });
  }

  app.get('/api/v1/trends/links', publicRoute, async (request, reply): Promise<TrendsLink[]> => {
    const page = tagQuery.parse(request.query);
    const links = await trendingLinks(ctx, page.offset, page.limit);
    setOffsetLinkHeader(request, reply, page, links.length);
    return links;
  });
}
