import { z } from './zod.js';
import { accountSchema } from './accounts.js';

/** Mastodon's Application entity; client_id and client_secret only in the answer to POST /api/v1/apps. */
export const applicationSchema = z.object({
  id: z.string().optional(),
  name: z.string(),
  website: z.string().nullable(),
  scopes: z.array(z.string()),
  redirect_uri: z.string(),
  redirect_uris: z.array(z.string()),
  client_id: z.string().optional(),
  client_secret: z.string().optional(),
  client_secret_expires_at: z.number().int().optional(),
  /** the server's Web Push public key (Mastodon keeps it here for older apps) */
  vapid_key: z.string().optional(),
});
export type Application = z.infer<typeof applicationSchema>;

/** Mastodon's Token entity (POST /oauth/token, POST /api/v1/accounts); created_at in Unix seconds. */
export const tokenSchema = z.object({
  access_token: z.string(),
  token_type: z.literal('Bearer'),
  scope: z.string(),
  created_at: z.number().int(),
});
export type Token = z.infer<typeof tokenSchema>;

export const ruleSchema = z.object({ id: z.string(), text: z.string(), hint: z.string() });
export type Rule = z.infer<typeof ruleSchema>;

const statusesConfigurationSchema = z.object({
  max_characters: z.number().int(),
  max_media_attachments: z.number().int(),
  characters_reserved_per_url: z.number().int(),
});

const mediaConfigurationSchema = z.object({
  supported_mime_types: z.array(z.string()),
  image_size_limit: z.number().int(),
  image_matrix_limit: z.number().int(),
  video_size_limit: z.number().int(),
  video_frame_rate_limit: z.number().int(),
  video_matrix_limit: z.number().int(),
  description_limit: z.number().int().optional(),
});

const pollsConfigurationSchema = z.object({
  max_options: z.number().int(),
  max_characters_per_option: z.number().int(),
  min_expiration: z.number().int(),
  max_expiration: z.number().int(),
});

const accountsConfigurationSchema = z.object({
  max_featured_tags: z.number().int(),
  max_pinned_statuses: z.number().int().optional(),
});

/** Who may read a kind of feed (Mastodon 4.5's timelines_access), for local and for remote posts. */
export const feedAccessValues = ['public', 'authenticated', 'disabled'] as const;
const feedAccessSchema = z.object({ local: z.enum(feedAccessValues), remote: z.enum(feedAccessValues) });

/** Our extension of the Instance entity, namespaced so that it cannot clash with Mastodon's fields. */
export const palchatInstanceExtensionSchema = z.object({
  /** username of the single-user-mode account, when configured */
  single_user_mode_account: z.string().nullable(),
  explore_enabled: z.boolean(),
  /** whether signed-out visitors may read the public timelines */
  timeline_preview: z.boolean(),
  /** single sign-on URL that replaces the built-in sign-in and sign-up, when configured */
  sso_redirect: z.string().nullable(),
});
export type PalchatInstanceExtension = z.infer<typeof palchatInstanceExtensionSchema>;

/** GET /api/v2/instance (SPEC §3 Server). */
export const instanceSchema = z.object({
  domain: z.string(),
  title: z.string(),
  version: z.string(),
  source_url: z.string(),
  description: z.string(),
  usage: z.object({ users: z.object({ active_month: z.number().int() }) }),
  thumbnail: z.object({
    url: z.string(),
    blurhash: z.string().nullable(),
    versions: z.record(z.string(), z.string()),
  }),
  languages: z.array(z.string()),
  icon: z.array(z.object({ src: z.string(), size: z.string() })),
  configuration: z.object({
    urls: z.object({
      streaming: z.string(),
      status: z.string().nullable(),
      about: z.string(),
      privacy_policy: z.string().nullable(),
      terms_of_service: z.string().nullable(),
    }),
    accounts: accountsConfigurationSchema,
    statuses: statusesConfigurationSchema,
    media_attachments: mediaConfigurationSchema,
    polls: pollsConfigurationSchema,
    translation: z.object({ enabled: z.boolean() }),
    vapid: z.object({ public_key: z.string() }),
    timelines_access: z.object({
      live_feeds: feedAccessSchema,
      hashtag_feeds: feedAccessSchema,
      trending_link_feeds: feedAccessSchema,
    }),
    limited_federation: z.boolean(),
  }),
  registrations: z.object({
    enabled: z.boolean(),
    approval_required: z.boolean(),
    reason_required: z.boolean().nullable(),
    message: z.string().nullable(),
    min_age: z.number().int().nullable(),
    url: z.string().nullable(),
  }),
  api_versions: z.object({ mastodon: z.number().int() }),
  /** the year annual reports ("Wrapstodon") are offered for now, null outside 10–31 December */
  wrapstodon: z.number().int().nullable(),
  contact: z.object({ email: z.string(), account: accountSchema.nullable() }),
  rules: z.array(ruleSchema),
  palchat: palchatInstanceExtensionSchema,
});
export type Instance = z.infer<typeof instanceSchema>;

/** GET /api/v1/instance: Mastodon's older shape, still read by many clients. */
export const instanceV1Schema = z.object({
  uri: z.string(),
  title: z.string(),
  short_description: z.string(),
  description: z.string(),
  email: z.string(),
  version: z.string(),
  urls: z.object({ streaming_api: z.string() }),
  stats: z.object({
    user_count: z.number().int(),
    status_count: z.number().int(),
    domain_count: z.number().int(),
  }),
  thumbnail: z.string().nullable(),
  languages: z.array(z.string()),
  registrations: z.boolean(),
  approval_required: z.boolean(),
  invites_enabled: z.boolean(),
  configuration: z.object({
    accounts: accountsConfigurationSchema,
    statuses: statusesConfigurationSchema,
    media_attachments: mediaConfigurationSchema,
    polls: pollsConfigurationSchema,
  }),
  contact_account: accountSchema.nullable(),
  rules: z.array(ruleSchema),
  palchat: palchatInstanceExtensionSchema,
});
export type InstanceV1 = z.infer<typeof instanceV1Schema>;

/** One week of GET /api/v1/instance/activity: `week` is a unix timestamp, the counts decimal strings. */
export const instanceActivitySchema = z.object({
  week: z.string(),
  statuses: z.string(),
  logins: z.string(),
  registrations: z.string(),
});
export type InstanceActivity = z.infer<typeof instanceActivitySchema>;
