import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { serializeNotifications } from './serializer.js';

/**
 * How many notifications newer than the viewer's notifications marker the list would show, at most `limit`
 * (Mastodon's cap). The list's own rule decides (serializeNotifications): notifications a `hide` filter for
 * notifications drops, or whose status is gone, are not counted.
 */
export async function countUnreadNotifications(
  ctx: AppContext,
  viewer: AccountRow,
  limit: number,
): Promise<number> {
  const marker = await ctx.db
    .selectFrom('markers')
    .select('last_read_id')
    .where('account_id', '=', viewer.id)
    .where('timeline', '=', 'notifications')
    .executeTakeFirst();
  let count = 0;
  let before: string | null = null;
  while (count < limit) {
    let query = ctx.db
      .selectFrom('notifications')
      .selectAll()
      .where('account_id', '=', viewer.id)
      .where('filtered', '=', 0)
      .orderBy('id', 'desc')
      .limit(limit);
    if (marker) query = query.where('id', '>', marker.last_read_id);
    if (before) query = query.where('id', '<', before);
    const rows = await query.execute();
    count += (await serializeNotifications(ctx, rows, viewer)).length;
    if (rows.length < limit) break;
    before = rows[rows.length - 1]?.id ?? null;
  }
  return Math.min(count, limit);
}
