import { z } from './zod.js';
import { collectionSchema, featureApprovalSchema } from './collections.js';

/** Mastodon's CustomEmoji entity. */
export const customEmojiSchema = z.object({
  shortcode: z.string(),
  url: z.string(),
  static_url: z.string(),
  visible_in_picker: z.boolean(),
  category: z.string().nullable().optional(),
});
export type CustomEmoji = z.infer<typeof customEmojiSchema>;

/** A profile field (SPEC §3 "Account: fields (name, value, verified_at)"); value is HTML. */
export const accountFieldSchema = z.object({
  name: z.string(),
  value: z.string(),
  verified_at: z.string().nullable(),
});
export type AccountField = z.infer<typeof accountFieldSchema>;

const accountBaseSchema = z.object({
  id: z.string(),
  username: z.string(),
  /** username for local accounts, username@domain for remote ones */
  acct: z.string(),
  url: z.string(),
  /** the account's ActivityPub id */
  uri: z.string(),
  display_name: z.string(),
  /** HTML */
  note: z.string(),
  avatar: z.string(),
  avatar_static: z.string(),
  header: z.string(),
  header_static: z.string(),
  locked: z.boolean(),
  fields: z.array(accountFieldSchema),
  emojis: z.array(customEmojiSchema),
  bot: z.boolean(),
  group: z.boolean(),
  discoverable: z.boolean().nullable(),
  noindex: z.boolean().nullable().optional(),
  /** whether public posts may be found by anyone in full-text search */
  indexable: z.boolean(),
  /** whether the account hides whom it follows and who follows it */
  hide_collections: z.boolean().nullable(),
  /** the account's role when the server shows it as a badge (Mastodon's highlighted roles) */
  roles: z.array(z.object({ id: z.string(), name: z.string(), color: z.string() })),
  suspended: z.boolean().optional(),
  limited: z.boolean().optional(),
  created_at: z.string(),
  /** a date (YYYY-MM-DD), as Mastodon sends it */
  last_status_at: z.string().nullable(),
  statuses_count: z.number().int(),
  followers_count: z.number().int(),
  following_count: z.number().int(),
  /** Mastodon 4.6: whether the account may be featured in Collections */
  feature_approval: featureApprovalSchema.optional(),
});

/** Mastodon's Account entity; `moved` is the account this one moved to. */
export type Account = z.infer<typeof accountBaseSchema> & { moved?: Account | null };
export const accountSchema: z.ZodType<Account> = accountBaseSchema.extend({
  get moved() {
    return accountSchema.nullable().optional();
  },
});

export const visibilitySchema = z.enum(['public', 'unlisted', 'private', 'direct']);
export type Visibility = z.infer<typeof visibilitySchema>;

/** Mastodon 4.5's quote policy of a post, as written (POST /api/v1/statuses `quote_approval_policy`). */
export const quotePolicySchema = z.enum(['public', 'followers', 'nobody']);
export type QuotePolicy = z.infer<typeof quotePolicySchema>;

export const accountSourceSchema = z.object({
  /** plain text */
  note: z.string(),
  fields: z.array(accountFieldSchema),
  privacy: visibilitySchema,
  sensitive: z.boolean(),
  language: z.string().nullable(),
  /** Mastodon 4.5: the default quote policy of new posts */
  quote_policy: quotePolicySchema.optional(),
  follow_requests_count: z.number().int(),
  discoverable: z.boolean().nullable(),
  hide_collections: z.boolean().nullable(),
  indexable: z.boolean(),
  attribution_domains: z.array(z.string()),
});
export type AccountSource = z.infer<typeof accountSourceSchema>;

/** Mastodon's Role entity (permissions is a decimal string of permission bits). */
export const roleSchema = z.object({
  id: z.string(),
  name: z.string(),
  color: z.string(),
  permissions: z.string(),
  highlighted: z.boolean(),
});
export type Role = z.infer<typeof roleSchema>;

/** verify_credentials / update_credentials answer. */
export type CredentialAccount = Account & { source: AccountSource; role: Role };
export const credentialAccountSchema: z.ZodType<CredentialAccount> = accountBaseSchema.extend({
  get moved() {
    return accountSchema.nullable().optional();
  },
  source: accountSourceSchema,
  role: roleSchema,
});

/** PATCH /api/v1/accounts/update_credentials body (JSON or form fields). */
export const updateCredentialsSchema = z.object({
  display_name: z.string().max(30).optional(),
  note: z.string().max(500).optional(),
  locked: z.boolean().optional(),
  bot: z.boolean().optional(),
  discoverable: z.boolean().optional(),
  fields_attributes: z
    .array(z.object({ name: z.string().max(255), value: z.string().max(255) }))
    .max(4)
    .optional(),
  source: z
    .object({
      privacy: visibilitySchema.optional(),
      sensitive: z.boolean().optional(),
      language: z.string().max(16).nullable().optional(),
    })
    .optional(),
});
export type UpdateCredentials = z.infer<typeof updateCredentialsSchema>;

/** Mastodon's Relationship entity. */
export const relationshipSchema = z.object({
  id: z.string(),
  following: z.boolean(),
  showing_reblogs: z.boolean(),
  notifying: z.boolean(),
  languages: z.array(z.string()).nullable(),
  followed_by: z.boolean(),
  blocking: z.boolean(),
  blocked_by: z.boolean(),
  muting: z.boolean(),
  muting_notifications: z.boolean(),
  requested: z.boolean(),
  requested_by: z.boolean(),
  domain_blocking: z.boolean(),
  endorsed: z.boolean(),
  note: z.string(),
});
export type Relationship = z.infer<typeof relationshipSchema>;

export const repliesPolicySchema = z.enum(['followed', 'list', 'none']);
export type RepliesPolicy = z.infer<typeof repliesPolicySchema>;

/** Mastodon's List entity (SPEC §3 "List: id, title"). */
export const listSchema = z.object({
  id: z.string(),
  title: z.string(),
  replies_policy: repliesPolicySchema,
  exclusive: z.boolean(),
});
export type List = z.infer<typeof listSchema>;

export const listInputSchema = z.object({
  title: z.string().trim().min(1).max(100),
  replies_policy: repliesPolicySchema.optional(),
  exclusive: z.boolean().optional(),
});
export type ListInput = z.infer<typeof listInputSchema>;

/** Mastodon's Tag entity; history holds daily usage as decimal strings. */
export const tagSchema = z.object({
  /** Mastodon 4.4: the hashtag's id here (absent for a hashtag nobody has used yet, which is not stored) */
  id: z.string().optional(),
  name: z.string(),
  url: z.string(),
  history: z.array(z.object({ day: z.string(), uses: z.string(), accounts: z.string() })),
  following: z.boolean().optional(),
  /** Mastodon 4.4: whether the viewer features the hashtag on their profile */
  featuring: z.boolean().optional(),
});
export type Tag = z.infer<typeof tagSchema>;

export const mentionSchema = z.object({
  id: z.string(),
  username: z.string(),
  url: z.string(),
  acct: z.string(),
});
export type Mention = z.infer<typeof mentionSchema>;

export const mediaAttachmentSchema = z.object({
  id: z.string(),
  type: z.enum(['unknown', 'image', 'gifv', 'video', 'audio']),
  url: z.string(),
  preview_url: z.string().nullable(),
  remote_url: z.string().nullable(),
  meta: z.record(z.string(), z.unknown()).nullable(),
  description: z.string().nullable(),
  blurhash: z.string().nullable(),
});
export type MediaAttachment = z.infer<typeof mediaAttachmentSchema>;

/** Mastodon's PreviewCard entity. */
export const previewCardSchema = z.object({
  url: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(['link', 'photo', 'video', 'rich']),
  author_name: z.string(),
  author_url: z.string(),
  provider_name: z.string(),
  provider_url: z.string(),
  /** oEmbed HTML; empty for cards read from a page's metadata */
  html: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  image: z.string().nullable(),
  image_description: z.string(),
  embed_url: z.string(),
  blurhash: z.string().nullable(),
  authors: z.array(
    z.object({ name: z.string(), url: z.string(), account: z.record(z.string(), z.unknown()).nullable() }),
  ),
});
export type PreviewCard = z.infer<typeof previewCardSchema>;

/** Mastodon's quote states (Quote and ShallowQuote `state`). */
export const quoteStateSchema = z.enum([
  'pending',
  'accepted',
  'rejected',
  'revoked',
  'deleted',
  'unauthorized',
  'blocked_account',
  'blocked_domain',
  'muted_account',
]);
export type QuoteState = z.infer<typeof quoteStateSchema>;

/** Mastodon's QuoteApproval: who is expected to be able to quote a post, and what that means for the viewer. */
export const quoteApprovalSchema = z.object({
  automatic: z.array(z.string()),
  manual: z.array(z.string()),
  current_user: z.enum(['automatic', 'manual', 'denied', 'unknown']),
});
export type QuoteApproval = z.infer<typeof quoteApprovalSchema>;

/** Mastodon's ShallowQuote: a quote inside a quoted post, by id only. */
export const shallowQuoteSchema = z.object({
  state: quoteStateSchema,
  quoted_status_id: z.string().nullable(),
});
export type ShallowQuote = z.infer<typeof shallowQuoteSchema>;

/** Mastodon's Status entity. `reblog` is the boosted status, when this one is a boost. */
const statusBaseSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  in_reply_to_id: z.string().nullable(),
  in_reply_to_account_id: z.string().nullable(),
  sensitive: z.boolean(),
  spoiler_text: z.string(),
  visibility: visibilitySchema,
  language: z.string().nullable(),
  uri: z.string(),
  url: z.string().nullable(),
  replies_count: z.number().int(),
  reblogs_count: z.number().int(),
  favourites_count: z.number().int(),
  edited_at: z.string().nullable(),
  /** HTML */
  content: z.string(),
  application: z.object({ name: z.string(), website: z.string().nullable() }).nullable(),
  account: accountSchema,
  media_attachments: z.array(mediaAttachmentSchema),
  mentions: z.array(mentionSchema),
  tags: z.array(z.object({ name: z.string(), url: z.string() })),
  emojis: z.array(customEmojiSchema),
  card: previewCardSchema.nullable(),
  poll: z.record(z.string(), z.unknown()).nullable(),
  /** only present for a signed-in viewer */
  favourited: z.boolean().optional(),
  reblogged: z.boolean().optional(),
  muted: z.boolean().optional(),
  bookmarked: z.boolean().optional(),
  pinned: z.boolean().optional(),
  /** the viewer's filters that match this status (Mastodon's FilterResult array; see social.ts) */
  filtered: z.array(z.record(z.string(), z.unknown())).optional(),
  /** Mastodon 4.5: accepted quotes of this status */
  quotes_count: z.number().int().optional(),
  quote_approval: quoteApprovalSchema.optional(),
});
/** Mastodon's Quote: the quoted post in full (null unless the viewer may see it) with the quote's state. */
export interface Quote {
  state: QuoteState;
  quoted_status: Status | null;
}
export type Status = z.infer<typeof statusBaseSchema> & {
  reblog: Status | null;
  /** Mastodon 4.5: what this status quotes: a Quote, or a ShallowQuote inside a quoted status */
  quote?: Quote | ShallowQuote | null;
};
export const statusSchema: z.ZodType<Status> = statusBaseSchema.extend({
  get reblog() {
    return statusSchema.nullable();
  },
  get quote() {
    return z
      .union([
        z.object({ state: quoteStateSchema, quoted_status: statusSchema.nullable() }),
        shallowQuoteSchema,
      ])
      .nullable()
      .optional();
  },
});

/** GET /api/v1/statuses/:id/context */
export const statusContextSchema = z.object({
  ancestors: z.array(statusSchema),
  descendants: z.array(statusSchema),
});
export type StatusContext = z.infer<typeof statusContextSchema>;

export const notificationTypeSchema = z.enum([
  'mention',
  'status',
  'reblog',
  'follow',
  'follow_request',
  'favourite',
  'poll',
  'update',
  'quote',
  'quoted_update',
  /** Mastodon 4.6: someone featured the account in a Collection */
  'added_to_collection',
  'admin.sign_up',
  'admin.report',
]);
export type NotificationType = z.infer<typeof notificationTypeSchema>;

/** The fields every report view shares (the Report entity and the moderators' Admin::Report). */
export const reportBasicsSchema = z.object({
  id: z.string(),
  action_taken: z.boolean(),
  action_taken_at: z.string().nullable(),
  category: z.string(),
  comment: z.string(),
  forwarded: z.boolean(),
  created_at: z.string(),
});

/** Mastodon's Report entity (POST /api/v1/reports, and admin.report notifications). */
export const reportSchema = reportBasicsSchema.extend({
  status_ids: z.array(z.string()).nullable(),
  rule_ids: z.array(z.string()).nullable(),
  target_account: accountSchema,
});
export type Report = z.infer<typeof reportSchema>;

/** Mastodon's Notification entity. */
export const notificationSchema = z.object({
  id: z.string(),
  type: notificationTypeSchema,
  group_key: z.string(),
  created_at: z.string(),
  account: accountSchema,
  status: statusSchema.nullable().optional(),
  /** admin.report: the report */
  report: reportSchema.optional(),
  /** added_to_collection: the Collection */
  collection: collectionSchema.optional(),
});
export type Notification = z.infer<typeof notificationSchema>;

/** Mastodon's NotificationRequest entity (filtered notifications from one account). */
export const notificationRequestSchema = z.object({
  id: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  account: accountSchema,
  notifications_count: z.string(),
  last_status: statusSchema.nullable().optional(),
});
export type NotificationRequest = z.infer<typeof notificationRequestSchema>;

/** Mastodon's Conversation entity: a private-mention thread (not the messaging box's conversation). */
export const directConversationSchema = z.object({
  id: z.string(),
  unread: z.boolean(),
  accounts: z.array(accountSchema),
  last_status: statusSchema.nullable(),
});
export type DirectConversation = z.infer<typeof directConversationSchema>;

export const markerTimelineSchema = z.enum(['home', 'notifications']);
export type MarkerTimeline = z.infer<typeof markerTimelineSchema>;

export const markerSchema = z.object({
  last_read_id: z.string(),
  version: z.number().int(),
  updated_at: z.string(),
});
export type Marker = z.infer<typeof markerSchema>;

/** GET /api/v1/markers answer: only the timelines that have a marker. */
export const markersSchema = z.object({
  home: markerSchema.optional(),
  notifications: markerSchema.optional(),
});
export type Markers = z.infer<typeof markersSchema>;

/** Mastodon's FamiliarFollowers-free search answer (GET /api/v2/search). */
export const searchResultsSchema = z.object({
  accounts: z.array(accountSchema),
  statuses: z.array(statusSchema),
  hashtags: z.array(tagSchema),
});
export type SearchResults = z.infer<typeof searchResultsSchema>;

/** Mastodon's trending link (a PreviewCard with usage history). */
export const trendsLinkSchema = previewCardSchema.extend({
  history: z.array(z.object({ day: z.string(), uses: z.string(), accounts: z.string() })),
});
export type TrendsLink = z.infer<typeof trendsLinkSchema>;
