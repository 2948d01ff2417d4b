/** Query keys of the moderation and administration views (resolving a report refreshes them all). */
export const moderationKeys = {
  all: ['admin'] as const,
  reports: (resolved: boolean) => ['admin', 'reports', resolved ? 'resolved' : 'open'] as const,
  dashboard: () => ['admin', 'dashboard'] as const,
};
