import { markerTimelineSchema, type Markers } from '@palchat/api';
import type { Db, DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';

export type MarkerTimeline = 'home' | 'notifications';

/** The viewer's read markers of the named timelines (unknown names are left out). */
export async function loadMarkers(db: DbOrTx, accountId: string, timelines: string[]): Promise<Markers> {
  if (timelines.length === 0) return {};
  const rows = await db
    .selectFrom('markers')
    .selectAll()
    .where('account_id', '=', accountId)
    .where(
      'timeline',
      'in',
      timelines.filter((t) => markerTimelineSchema.safeParse(t).success) as MarkerTimeline[],
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

/** Moves the markers given (timeline → last read id) in one transaction, each one's version counting up. */
export async function saveMarkers(
  db: Db,
  accountId: string,
  lastReadIds: Partial<Record<MarkerTimeline, string>>,
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    for (const timeline of ['home', 'notifications'] as const) {
      const lastReadId = lastReadIds[timeline];
      if (lastReadId === undefined) continue;
      const now = nowIso();
      await tx
        .insertInto('markers')
        .values({ account_id: accountId, timeline, last_read_id: lastReadId, version: 0, updated_at: now })
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
}
