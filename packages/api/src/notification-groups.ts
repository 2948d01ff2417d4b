import { z } from './zod.js';
import { accountSchema, notificationTypeSchema, reportSchema, statusSchema } from './accounts.js';
import { collectionSchema } from './collections.js';

/** Mastodon's NotificationGroup entity (GET /api/v2/notifications). */
export const notificationGroupSchema = z.object({
  /** `ungrouped-<notification id>` for a notification of its own; otherwise opaque */
  group_key: z.string(),
  notifications_count: z.number().int(),
  type: notificationTypeSchema,
  most_recent_notification_id: z.string(),
  /** the group's oldest and newest notification within the page, and the newest one's time */
  page_min_id: z.string().optional(),
  page_max_id: z.string().optional(),
  latest_page_notification_at: z.string().optional(),
  /** the group's most recent accounts (8 at most), newest first */
  sample_account_ids: z.array(z.string()),
  status_id: z.string().optional(),
  report: reportSchema.optional(),
  /** added_to_collection: the Collection */
  collection: collectionSchema.optional(),
});
export type NotificationGroup = z.infer<typeof notificationGroupSchema>;

/** Mastodon's PartialAccountWithAvatar (expand_accounts=partial_avatars). */
export const partialAccountSchema = z.object({
  id: z.string(),
  acct: z.string(),
  url: z.string(),
  avatar: z.string(),
  avatar_static: z.string(),
  locked: z.boolean(),
  bot: z.boolean(),
});
export type PartialAccount = z.infer<typeof partialAccountSchema>;

/** Mastodon's GroupedNotificationsResults: the groups plus the accounts and statuses they refer to, once each. */
export const groupedNotificationsSchema = z.object({
  accounts: z.array(accountSchema),
  partial_accounts: z.array(partialAccountSchema).optional(),
  statuses: z.array(statusSchema),
  notification_groups: z.array(notificationGroupSchema),
});
export type GroupedNotifications = z.infer<typeof groupedNotificationsSchema>;
