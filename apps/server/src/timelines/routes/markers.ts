import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { requireAccount } from '../../auth/viewer.js';
import type { AppContext } from '../../context.js';
import { loadMarkers, saveMarkers, type MarkerTimeline } from '../markers.js';
import { scopes } from '../../auth/route-scopes.js';
import { storedId } from '../../lib/ids.js';

/**
 * Some clients send the id as a JSON number; Mastodon takes it. Past 2^53 a JS number has lost the low digits,
 * which for a read marker only moves it within the same millisecond's ids.
 */
const markerId = z.union([
  z.string().regex(/^\d{1,18}$/),
  // not .int(): zod takes only safe integers there, and real ids are past 2^53
  z
    .number()
    .nonnegative()
    .lt(1e18)
    .refine(Number.isInteger, 'must be an integer')
    .transform((id) => BigInt(id).toString()),
]);
const markerInput = z.object({ last_read_id: markerId });
const markersBody = z
  .object({ home: markerInput.optional(), notifications: markerInput.optional() })
  .refine((body) => body.home || body.notifications, 'home or notifications is required');

export async function registerMarkerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
  app.get('/api/v1/markers', scopes('read:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const query = request.query as Record<string, unknown>;
    const timelines = [query['timeline[]'], query.timeline]
      .flat()
      .filter((t): t is string => typeof t === 'string');
    return loadMarkers(ctx.db, viewer.id, timelines);
  });

  app.post('/api/v1/markers', scopes('write:statuses'), async (request) => {
    const viewer = requireAccount(request);
    const body = markersBody.parse(request.body ?? {});
    const lastReadIds: Partial<Record<MarkerTimeline, string>> = {};
    if (body.home) lastReadIds.home = storedId(body.home.last_read_id);
    if (body.notifications) lastReadIds.notifications = storedId(body.notifications.last_read_id);
    await saveMarkers(ctx.db, viewer.id, lastReadIds);
    return loadMarkers(ctx.db, viewer.id, ['home', 'notifications']);
  });
}
