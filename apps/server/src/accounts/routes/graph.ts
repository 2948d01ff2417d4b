import type { FastifyInstance } from 'fastify';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { pageOfAccounts } from '../account-page.js';
import { newestFirst, pageQuerySchema, paginateQuery, setLinkHeader } from '../../timelines/pagination.js';
import { scopes } from '../../auth/route-scopes.js';
import { blockListing, domainBlockListing, muteListing } from '../../relationships/listings.js';

/** The viewer's blocks, mutes and domain blocks, newest first (writes come with the social-core issue). */
export async function registerAccountGraphRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(40, 80);

  for (const table of ['blocks', 'mutes'] as const) {
    app.get(`/api/v1/${table}`, scopes('follow', `read:${table}`), async (request, reply) => {
      const viewer = requireAccount(request);
      const query = page.parse(request.query);
      const listing = table === 'mutes' ? muteListing(ctx.db, viewer.id) : blockListing(ctx.db, viewer.id);
      return pageOfAccounts(ctx, request, reply, listing, `${table}.id`, query);
    });
  }

  app.get('/api/v1/domain_blocks', scopes('follow', 'read:blocks'), async (request, reply) => {
    const viewer = requireAccount(request);
    const query = page.parse(request.query);
    const rows = newestFirst(
      await paginateQuery(domainBlockListing(ctx.db, viewer.id), 'domain_blocks.id', query).execute(),
      query,
    );
    setLinkHeader(
      request,
      reply,
      rows.map((row) => row.id),
      query,
    );
    return rows.map((row) => row.domain);
  });
}
