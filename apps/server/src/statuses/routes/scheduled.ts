import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { scopes } from '../../auth/route-scopes.js';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { runPeriodically } from '../../lib/periodic.js';
import { pageQuerySchema, setLinkHeader } from '../../timelines/pagination.js';
import {
  cancelScheduled,
  listScheduled,
  publishDueStatuses,
  reschedule,
  showScheduled,
} from '../scheduled.js';

const idParams = z.object({ id: z.string() });
const rescheduleBody = z.object({ scheduled_at: z.string().max(64) });

/** Mastodon's /api/v1/scheduled_statuses, and the sweep that publishes them when their time comes. */
export async function registerScheduledStatusRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const page = pageQuerySchema(20, 40);

  app.get('/api/v1/scheduled_statuses', scopes('read:statuses'), async (request, reply) => {
    const viewer = requireAccount(request);
    const query = page.parse(request.query);
    const scheduled = await listScheduled(ctx, viewer, query);
    setLinkHeader(
      request,
      reply,
      scheduled.map((item) => item.id),
      query,
    );
    return scheduled;
  });

  app.get('/api/v1/scheduled_statuses/:id', scopes('read:statuses'), async (request) => {
    const { id } = idParams.parse(request.params);
    return showScheduled(ctx, requireAccount(request), id);
  });

  app.put('/api/v1/scheduled_statuses/:id', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    const { scheduled_at: scheduledAt } = rescheduleBody.parse(request.body ?? {});
    return reschedule(ctx, viewer, id, scheduledAt);
  });

  app.delete('/api/v1/scheduled_statuses/:id', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const { id } = idParams.parse(request.params);
    await cancelScheduled(ctx, viewer, id);
    return {};
  });

  runPeriodically(app, 'scheduled status sweep', ctx.config.scheduledStatusSweepMs, () =>
    publishDueStatuses(ctx, app.log),
  );
}
