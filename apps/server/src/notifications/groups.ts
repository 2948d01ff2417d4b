import type { DbOrTx } from '../db/index.js';
import type { NotificationsTable } from '../db/schema.js';
import { notificationListQuery, type NotificationSelection } from './list-query.js';
import { storedId } from '../lib/ids.js';

/** The types Mastodon groups: favourites and boosts of one status, and follows. */
export const GROUPABLE_TYPES: readonly string[] = ['favourite', 'reblog', 'follow'];
/** Mastodon's MAXIMUM_GROUP_SPAN_HOURS: a group gathers what happened within this many hours */
const SPAN_HOURS = 12;
const HOUR_MS = 3_600_000;

/** The start (in hours since the epoch) of the 12-hour window holding `iso`. */
const windowOf = (iso: string): number => {
  const hours = Math.floor(Date.parse(iso) / HOUR_MS);
  return hours - (hours % SPAN_HOURS);
};

/**
 * Mastodon's group_key: `favourite-<status>-<window>`, `reblog-<status>-<window>`, `follow-<window>` for the
 * types the client groups (`groupedTypes`), `ungrouped-<id>` for everything else.
 */
export function groupKeyOf(
  row: Pick<NotificationsTable, 'id' | 'type' | 'status_id' | 'created_at'>,
  groupedTypes: readonly string[] = GROUPABLE_TYPES,
): string {
  if (!GROUPABLE_TYPES.includes(row.type) || !groupedTypes.includes(row.type)) return `ungrouped-${row.id}`;
  if (row.type === 'follow') return `follow-${windowOf(row.created_at)}`;
  return row.status_id ? `${row.type}-${row.status_id}-${windowOf(row.created_at)}` : `ungrouped-${row.id}`;
}

/** The notifications of the recipient a group key names, or null for a key this server never makes. */
export function groupQuery(db: DbOrTx, recipientId: string, key: string, selection?: NotificationSelection) {
  const base = notificationListQuery(db, recipientId, selection);
  const ungrouped = /^ungrouped-(\d{1,18})$/.exec(key);
  if (ungrouped?.[1]) return base.where('notifications.id', '=', storedId(ungrouped[1]));
  const grouped = /^(?:(favourite|reblog)-(\d{1,18})|(follow))-(\d{1,9})$/.exec(key);
  if (!grouped) return null;
  const [, statusType, statusId, follow, window] = grouped;
  const from = Number(window) * HOUR_MS;
  let query = base
    .where('notifications.created_at', '>=', new Date(from).toISOString())
    .where('notifications.created_at', '<', new Date(from + SPAN_HOURS * HOUR_MS).toISOString());
  query = follow
    ? query.where('notifications.type', '=', 'follow')
    : query
        .where('notifications.type', '=', statusType ?? '')
        .where('notifications.status_id', '=', statusId ?? '');
  return query;
}
