import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { markerTimelineSchema, type Markers } from '@palchat/api';
import { requireAccount } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';
import { scopes } from '../auth/route-scopes.js';
import { storedId } from '../lib/ids.js';

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

async function loadMarkers(db: DbOrTx, accountId: string, timelines: string[]): Promise<Markers> {
  if (timelines.length === 0) return {};
  const rows = await db
    .selectFrom('markers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where(
      'timeline',
      'in',
      timelines.filter((t) => markerTimelineSchema.safeParse(t).success) as ('home' | 'notifications')[],
    )
    .execute();
  const markers: Markers = {};
  for (const row of rows) {
    markers[row.timeline] = {
      last_read_id: row.last_read_id,
      version: row.version,
      updated_at: row.updated_at,
    };
  }
  return markers;
}

export async function markerRoutes(app: FastifyInstance, ctx: AppContext): Promise<void> {
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
    await ctx.db.transaction().execute(async (tx) => {
      for (const timeline of ['home', 'notifications'] as const) {
        const marker = body[timeline];
        if (!marker) continue;
        const lastReadId = storedId(marker.last_read_id);
        const now = nowIso();
        await tx
          .insertInto('markers')
          .values({ account_id: viewer.id, timeline, last_read_id: lastReadId, version: 0, updated_at: now })
          .onConflict((oc) =>
            oc.columns(['account_id', 'timeline']).doUpdateSet((eb) => ({
              last_read_id: lastReadId,
              version: eb('markers.version', '+', 1),
              updated_at: now,
            })),
          )
          .execute();
      }
    });
    return loadMarkers(ctx.db, viewer.id, ['home', 'notifications']);
  });
}
