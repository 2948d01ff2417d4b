import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { quotePolicySchema } from '@palchat/api';
import { requireAccount } from '../../auth/viewer.js';
import { scopes } from '../../auth/route-scopes.js';
import type { AppContext } from '../../context.js';
import { notFound } from '../../http/errors.js';
import { newestFirst, pageQuerySchema, paginateQuery, withoutCursors } from '../../timelines/pagination.js';
import { findOwnStatus } from '../compose.js';
import { streamStatus } from '../fanout.js';
import { revokeQuote, setQuotePolicy } from '../quotes.js';
import { serializeStatus, serializeStatuses } from '../serializer.js';
import { findVisibleStatus } from '../service.js';
import { acceptedQuotesQuery } from '../store.js';

const idParams = z.object({ id: z.string() });
const revokeParams = z.object({ id: z.string(), quoting_status_id: z.string() });
const policyBody = z.object({ quote_approval_policy: quotePolicySchema });

/** Mastodon 4.5's quote endpoints: the quotes of a post, revoking one, and the post's quote policy. */
export async function registerQuoteRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const statusPage = pageQuerySchema(20, 40);

  app.get('/api/v1/statuses/:id/quotes', scopes('read:statuses'), async (request, reply) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const status = await findVisibleStatus(ctx.db, viewer, id);
    // as Mastodon 4.5: any signed-in viewer of the post, shown only the quotes they may read and did not silence
    const page = statusPage.parse(request.query);
    const rows = newestFirst(
      await paginateQuery(acceptedQuotesQuery(ctx.db, status.id, viewer.id), 'quotes.id', page).execute(),
      page,
    );
    return serializeStatuses(ctx, withoutCursors(request, reply, rows, page), viewer);
  });

  app.post(
    '/api/v1/statuses/:id/quotes/:quoting_status_id/revoke',
    scopes('write:statuses'),
    async (request) => {
      const viewer = requireAccount(request);
      const { id, quoting_status_id: quotingId } = revokeParams.parse(request.params);
      const { quoting } = await revokeQuote(ctx, viewer, id, quotingId);
      void streamStatus(ctx, quoting, 'status.update');
      const status = await serializeStatus(ctx, quoting, viewer);
      if (!status) throw notFound();
      return status;
    },
  );

  app.put('/api/v1/statuses/:id/interaction_policy', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const { quote_approval_policy: policy } = policyBody.parse(request.body ?? {});
    const updated = await setQuotePolicy(ctx, viewer, await findOwnStatus(ctx, viewer, id), policy);
    const status = await serializeStatus(ctx, updated, viewer);
    if (!status) throw notFound();
    return status;
  });
}
