import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import type { NotificationsTable } from '../db/schema.js';
import { notificationListQuery, type NotificationSelection } from './list-query.js';
import { serializeNotifications } from './serializer.js';

export interface UnreadOptions {
  selection?: NotificationSelection;
  /** count groups (v2) rather than notifications: notifications sharing a key count once */
  keyOf?: (row: NotificationsTable) => string;
}

/**
 * How many notifications newer than the viewer's notifications marker the list would show, at most `limit`
 * (Mastodon's cap). The list's own rule decides (serializeNotifications): notifications a `hide` filter for
 * notifications drops, or whose status is gone, are not counted.
 */
export async function countUnreadNotifications(
  ctx: AppContext,
  viewer: AccountRow,
  limit: number,
  options: UnreadOptions = {},
): Promise<number> {
  const keyOf = options.keyOf ?? ((row: NotificationsTable) => row.id);
  const marker = await ctx.db
    .selectFrom('markers')
    .select('last_read_id')
    .where('account_id', '=', viewer.id)
    .where('timeline', '=', 'notifications')
    .executeTakeFirst();
  const unread = new Set<string>();
  let before: string | null = null;
  while (unread.size < limit) {
    let query = notificationListQuery(ctx.db, viewer.id, options.selection)
      .orderBy('notifications.id', 'desc')
      .limit(limit);
    if (marker) query = query.where('notifications.id', '>', marker.last_read_id);
    if (before) query = query.where('notifications.id', '<', before);
    const rows = await query.execute();
    const shown = new Set((await serializeNotifications(ctx, rows, viewer)).map((shownOne) => shownOne.id));
    for (const row of rows) if (shown.has(row.id)) unread.add(keyOf(row));
    if (rows.length < limit) break;
    before = rows[rows.length - 1]?.id ?? null;
  }
  return Math.min(unread.size, limit);
}
