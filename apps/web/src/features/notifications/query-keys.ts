/** Query keys of the notifications (the unread count is the platform's `queryKeys.unreadNotifications`). */
export const notificationKeys = {
  /** Every notification list; alone (exact), the unfiltered one. */
  all: ['notifications'] as const,
  grouped: ['notifications', 'grouped'] as const,
  filtered: ['notifications', 'filtered'] as const,
  ofRequest: (id: string) => ['notifications', 'request', id] as const,
  requests: ['notification-requests'] as const,
  request: (id: string) => ['notification-request', id] as const,
};
