import { z } from './zod.js';
import {
  accountSchema,
  mediaAttachmentSchema,
  reportBasicsSchema,
  roleSchema,
  statusSchema,
  visibilitySchema,
} from './accounts.js';
import { ruleSchema } from './instance.js';

/** Mastodon's Poll entity. */
export const pollSchema = z.object({
  id: z.string(),
  expires_at: z.string().nullable(),
  expired: z.boolean(),
  multiple: z.boolean(),
  votes_count: z.number().int(),
  voters_count: z.number().int().nullable(),
  options: z.array(z.object({ title: z.string(), votes_count: z.number().int().nullable() })),
  emojis: z.array(z.unknown()),
  voted: z.boolean().optional(),
  own_votes: z.array(z.number().int()).optional(),
});
export type Poll = z.infer<typeof pollSchema>;

export const filterContextSchema = z.enum(['home', 'notifications', 'public', 'thread', 'account']);
export type FilterContext = z.infer<typeof filterContextSchema>;

export const filterKeywordSchema = z.object({ id: z.string(), keyword: z.string(), whole_word: z.boolean() });
export type FilterKeyword = z.infer<typeof filterKeywordSchema>;

/** Mastodon's FilterStatus entity: a status a filter names. */
export const filterStatusSchema = z.object({ id: z.string(), status_id: z.string() });
export type FilterStatus = z.infer<typeof filterStatusSchema>;

/** Mastodon's v2 Filter entity. */
export const filterSchema = z.object({
  id: z.string(),
  title: z.string(),
  context: z.array(filterContextSchema),
  expires_at: z.string().nullable(),
  filter_action: z.enum(['warn', 'hide']),
  keywords: z.array(filterKeywordSchema),
  statuses: z.array(filterStatusSchema),
});
export type Filter = z.infer<typeof filterSchema>;

/** Status.filtered entries: which of the viewer's filters matched, and by which keywords. */
export const filterResultSchema = z.object({
  filter: filterSchema,
  keyword_matches: z.array(z.string()).nullable(),
  status_matches: z.array(z.string()).nullable(),
});
export type FilterResult = z.infer<typeof filterResultSchema>;

/** POST /api/v2/filters and PUT /api/v2/filters/:id (JSON; keywords_attributes may carry id and _destroy). */
export const filterInputSchema = z.object({
  title: z.string().trim().min(1).max(100),
  context: z.array(filterContextSchema).min(1),
  filter_action: z.enum(['warn', 'hide']).default('warn'),
  expires_in: z.coerce.number().int().min(300).max(31_536_000).nullable().optional(),
  keywords_attributes: z
    .array(
      z.object({
        id: z.string().optional(),
        keyword: z.string().trim().min(1).max(100).optional(),
        whole_word: z.boolean().optional(),
        _destroy: z.boolean().optional(),
      }),
    )
    .max(50)
    .optional(),
});
export type FilterInput = z.infer<typeof filterInputSchema>;

/** Mastodon's FeaturedTag entity. */
export const featuredTagSchema = z.object({
  id: z.string(),
  name: z.string(),
  url: z.string(),
  statuses_count: z.number().int(),
  last_status_at: z.string().nullable(),
});
export type FeaturedTag = z.infer<typeof featuredTagSchema>;

/** GET /api/v1/accounts/familiar_followers: followers of `id` whom the viewer follows. */
export const familiarFollowersSchema = z.object({ id: z.string(), accounts: z.array(accountSchema) });
export type FamiliarFollowers = z.infer<typeof familiarFollowersSchema>;

/** Mastodon's StatusEdit entity (GET /api/v1/statuses/:id/history). */
export const statusEditSchema = z.object({
  content: z.string(),
  spoiler_text: z.string(),
  sensitive: z.boolean(),
  created_at: z.string(),
  account: accountSchema,
  poll: z.object({ options: z.array(z.object({ title: z.string() })) }).nullable(),
  media_attachments: z.array(mediaAttachmentSchema),
  emojis: z.array(z.unknown()),
});
export type StatusEdit = z.infer<typeof statusEditSchema>;

/** GET /api/v1/statuses/:id/source */
export const statusSourceSchema = z.object({ id: z.string(), text: z.string(), spoiler_text: z.string() });
export type StatusSource = z.infer<typeof statusSourceSchema>;

/** POST /api/v1/statuses (JSON); form posts are normalized to this shape by the server. */
export const createStatusSchema = z.object({
  status: z.string().optional(),
  media_ids: z.array(z.string()).optional(),
  poll: z
    .object({
      options: z.array(z.string()),
      expires_in: z.coerce.number().int(),
      multiple: z.boolean().optional(),
      hide_totals: z.boolean().optional(),
    })
    .nullable()
    .optional(),
  in_reply_to_id: z.string().nullable().optional(),
  sensitive: z.boolean().optional(),
  spoiler_text: z.string().optional(),
  visibility: visibilitySchema.optional(),
  language: z.string().max(16).nullable().optional(),
});
export type CreateStatus = z.infer<typeof createStatusSchema>;

export const policyValueSchema = z.enum(['accept', 'filter', 'drop']);

/** Mastodon's v2 NotificationPolicy entity. */
export const notificationPolicySchema = z.object({
  for_not_following: policyValueSchema,
  for_not_followers: policyValueSchema,
  for_new_accounts: policyValueSchema,
  for_private_mentions: policyValueSchema,
  for_limited_accounts: policyValueSchema,
  summary: z.object({
    pending_requests_count: z.number().int(),
    pending_notifications_count: z.number().int(),
  }),
});
export type NotificationPolicy = z.infer<typeof notificationPolicySchema>;

/** Mastodon's Rule entity (GET /api/v1/instance/rules). */
export const instanceRuleSchema = z.object({ id: z.string(), text: z.string(), hint: z.string() });
export type InstanceRule = z.infer<typeof instanceRuleSchema>;

/** /api/v1/instance/extended_description and /privacy_policy: content is HTML. */
export const instanceDocumentSchema = z.object({ updated_at: z.string().nullable(), content: z.string() });
export type InstanceDocument = z.infer<typeof instanceDocumentSchema>;

/** /api/v1/instance/terms_of_service[/:date]: effective_date is YYYY-MM-DD, content HTML. */
export const termsOfServiceSchema = z.object({
  effective_date: z.string(),
  effective: z.boolean(),
  content: z.string(),
  succeeded_by: z.string().nullable(),
});
export type TermsOfService = z.infer<typeof termsOfServiceSchema>;

/** A chat message quoted in a report, for moderators. */
export const reportedMessageSchema = z.object({
  id: z.string(),
  content: z.string(),
  created_at: z.string(),
  sender: accountSchema.nullable(),
  /** an encrypted chat's message, whose plaintext the reporter's client revealed: "Revealed by the reporter" */
  revealed: z.boolean().optional(),
});

/** Mastodon's Admin::Account: an account as moderators see it, with its sign-up and moderation state. */
export const adminAccountSchema = z.object({
  id: z.string(),
  username: z.string(),
  domain: z.string().nullable(),
  created_at: z.string(),
  email: z.string(),
  ip: z.string().nullable(),
  ips: z.array(z.object({ ip: z.string(), used_at: z.string() })),
  locale: z.string(),
  invite_request: z.string().nullable(),
  role: roleSchema,
  confirmed: z.boolean(),
  approved: z.boolean(),
  disabled: z.boolean(),
  silenced: z.boolean(),
  suspended: z.boolean(),
  sensitized: z.boolean(),
  account: accountSchema,
  created_by_application_id: z.string().nullable(),
  invited_by_account_id: z.string().nullable(),
});
export type AdminAccount = z.infer<typeof adminAccountSchema>;

/**
 * GET /api/v1/admin/reports entries: Mastodon's Admin::Report reduced to what the moderation view shows,
 * plus `chat` for reports filed from the message box.
 */
export const adminReportSchema = reportBasicsSchema.extend({
  updated_at: z.string(),
  account: adminAccountSchema,
  target_account: adminAccountSchema.nullable(),
  action_taken_by_account: adminAccountSchema.nullable(),
  /** the moderator handling the report (assign_to_self) */
  assigned_account: adminAccountSchema.nullable(),
  statuses: z.array(statusSchema),
  /** the server rules the reporter cited (category violation) */
  rules: z.array(ruleSchema),
  chat: z
    .object({
      conversation_id: z.string(),
      conversation_name: z.string().nullable(),
      is_group: z.boolean(),
      messages: z.array(reportedMessageSchema),
    })
    .nullable(),
});
export type AdminReport = z.infer<typeof adminReportSchema>;

/** GET /api/v1/admin/dashboard (administration permission). */
export const adminDashboardSchema = z.object({
  users: z.number().int(),
  active_users: z.number().int(),
  posts: z.number().int(),
  open_reports: z.number().int(),
});
export type AdminDashboard = z.infer<typeof adminDashboardSchema>;

/** POST /api/v1/reports (statuses and accounts; chats report through friend_messages). */
export const accountReportInputSchema = z.object({
  account_id: z.string().regex(/^\d{1,18}$/),
  status_ids: z
    .array(z.string().regex(/^\d{1,18}$/))
    .max(20)
    .optional(),
  comment: z.string().max(1000).optional(),
  category: z
    .enum([
      'spam',
      'legacy',
      'violation',
      'other',
      'harassment',
      'hate_speech',
      'inappropriate_content',
      'threats',
      'impersonation',
      'fraud',
    ])
    .default('other'),
  forward: z.boolean().optional(),
  rule_ids: z.array(z.string()).optional(),
});
export type AccountReportInput = z.infer<typeof accountReportInputSchema>;

/** Mastodon's Translation entity: POST /api/v1/statuses/:id/translate. `content` is sanitized HTML. */
export const translationSchema = z.object({
  content: z.string(),
  spoiler_text: z.string(),
  /** the language translated into */
  language: z.string(),
  detected_source_language: z.string(),
  provider: z.string(),
  media_attachments: z.array(z.object({ id: z.string(), description: z.string() })),
  poll: z.object({ id: z.string(), options: z.array(z.object({ title: z.string() })) }).nullable(),
});
export type Translation = z.infer<typeof translationSchema>;

/** GET /api/v1/instance/translation_languages: source language code → the codes it translates into. */
export const translationLanguagesSchema = z.record(z.string(), z.array(z.string()));
export type TranslationLanguages = z.infer<typeof translationLanguagesSchema>;

/** Mastodon's ScheduledStatus `params`: the status as it will be posted. */
export const scheduledStatusParamsSchema = z.object({
  text: z.string(),
  poll: z
    .object({
      options: z.array(z.string()),
      expires_in: z.number(),
      multiple: z.boolean(),
      hide_totals: z.boolean(),
    })
    .nullable(),
  media_ids: z.array(z.string()).nullable(),
  sensitive: z.boolean().nullable(),
  spoiler_text: z.string().nullable(),
  visibility: visibilitySchema.nullable(),
  scheduled_at: z.null(),
  in_reply_to_id: z.string().nullable(),
  language: z.string().nullable(),
  application_id: z.string().nullable(),
  idempotency: z.string().nullable(),
  with_rate_limit: z.boolean(),
});
export type ScheduledStatusParams = z.infer<typeof scheduledStatusParamsSchema>;

/** Mastodon's ScheduledStatus entity: a status waiting for its time (POST /api/v1/statuses with scheduled_at). */
export const scheduledStatusSchema = z.object({
  id: z.string(),
  scheduled_at: z.string(),
  params: scheduledStatusParamsSchema,
  media_attachments: z.array(mediaAttachmentSchema),
});
export type ScheduledStatus = z.infer<typeof scheduledStatusSchema>;
