import type { Account, Notification, NotificationType, Status } from '@palchat/api';

/** Types Mastodon groups: reactions to the same status, and follows/sign-ups that arrive together. */
const GROUPED_BY_STATUS: readonly NotificationType[] = ['favourite', 'reblog'];
const GROUPED_WHEN_ADJACENT: readonly NotificationType[] = ['follow', 'admin.sign_up'];

export interface NotificationGroup {
  key: string;
  type: NotificationType;
  /** the newest notification of the group (its time and id are the group's) */
  latest: Notification;
  /** distinct accounts, newest first */
  accounts: Account[];
  status: Status | null;
  count: number;
}

function groupKey(notification: Notification, previous: NotificationGroup | undefined): string {
  if (GROUPED_BY_STATUS.includes(notification.type) && notification.status)
    return `${notification.type}:${notification.status.id}`;
  if (GROUPED_WHEN_ADJACENT.includes(notification.type) && previous?.type === notification.type)
    return previous.key;
  return `single:${notification.id}`;
}

/**
 * Groups a newest-first list: favourites and boosts of one status become one entry wherever they fall in
 * the loaded pages; follows (and admin sign-ups) merge with the entry just above when it has their type.
 * The groups keep the position of their newest notification.
 */
export function groupNotifications(notifications: readonly Notification[]): NotificationGroup[] {
  const groups: NotificationGroup[] = [];
  const byKey = new Map<string, NotificationGroup>();
  for (const notification of notifications) {
    const key = groupKey(notification, groups.at(-1));
    const existing = byKey.get(key);
    if (existing) {
      existing.count += 1;
      if (!existing.accounts.some((account) => account.id === notification.account.id))
        existing.accounts.push(notification.account);
      continue;
    }
    const group: NotificationGroup = {
      key: key.startsWith('single:') ? key : `${key}:${notification.id}`,
      type: notification.type,
      latest: notification,
      accounts: [notification.account],
      status: notification.status ?? null,
      count: 1,
    };
    groups.push(group);
    byKey.set(key, group);
  }
  return groups;
}
