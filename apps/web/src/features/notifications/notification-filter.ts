import type { NotificationType } from '@palchat/api';
import { notificationKeys } from './query-keys';

/** The filter bar's choices, as in Mastodon's notifications column: everything, or one kind. */
export const NOTIFICATION_FILTERS = [
  'all',
  'mention',
  'favourite',
  'reblog',
  'poll',
  'update',
  'follow',
] as const;
export type NotificationFilter = (typeof NOTIFICATION_FILTERS)[number];

/** The `types[]` a filter asks GET /api/v1/notifications for (follows include follow requests). */
export function notificationTypes(filter: NotificationFilter): NotificationType[] | undefined {
  if (filter === 'all') return undefined;
  if (filter === 'follow') return ['follow', 'follow_request'];
  return [filter];
}

/** The cache key of a filtered list; "all" keeps the key the live updates and the read marker use. */
export function notificationsKey(filter: NotificationFilter): readonly unknown[] {
  return filter === 'all' ? notificationKeys.all : [...notificationKeys.filtered, filter];
}

export function isNotificationFilter(value: string | null): value is NotificationFilter {
  return (NOTIFICATION_FILTERS as readonly string[]).includes(value ?? '');
}
