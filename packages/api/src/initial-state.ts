// zod/mini: this module is all the web client's first load needs, and the classic API would add ~25 KB gzip.
import * as z from 'zod/mini';
import type { CredentialAccount } from './accounts.js';
import type { Instance } from './instance.js';
import { LOCALES } from './locales.js';

/** The client's layout setting; `auto` follows the window width (SPEC §2 Layout). */
export const layoutSettingSchema = z.enum(['auto', 'mobile', 'single-column', 'multi-column']);
export type LayoutSetting = z.infer<typeof layoutSettingSchema>;

export const columnTypeSchema = z.enum([
  'compose',
  'home',
  'notifications',
  'public',
  'remote',
  'community',
  'hashtag',
  'direct',
  'favourites',
  'bookmarks',
  'list',
  'directory',
]);
export type ColumnType = z.infer<typeof columnTypeSchema>;

/** Whether a column's params name what it shows: the hashtag (`{ id: tag }`) or the list (`{ id }`). */
function hasNeededParams(column: { id: ColumnType; params: Record<string, unknown> }): boolean {
  if (column.id !== 'hashtag' && column.id !== 'list') return true;
  const id = column.params.id;
  return typeof id === 'string' && id.trim().length > 0 && id.length <= 100;
}

/** A multi-column column: SPEC §3 "Column: id, uuid, params". */
export const columnSchema = z
  .object({
    id: columnTypeSchema,
    uuid: z.string().check(z.minLength(1), z.maxLength(64)),
    params: z._default(z.record(z.string(), z.unknown()), {}),
  })
  .check(
    z.refine(hasNeededParams, { message: 'hashtag and list columns need params.id', path: ['params', 'id'] }),
  );
export type Column = z.infer<typeof columnSchema>;

const columnsSchema = z.array(columnSchema).check(
  z.maxLength(20),
  z.refine((columns) => new Set(columns.map((column) => column.uuid)).size === columns.length, {
    message: 'column uuids must be unique',
  }),
);

/** How statuses show media: Mastodon's `display_media` (default hides only media marked sensitive). */
export const displayMediaSchema = z.enum(['default', 'show_all', 'hide_all']);
export type DisplayMedia = z.infer<typeof displayMediaSchema>;

/** Colour theme: Mastodon's light, dark and high contrast, or the system's light or dark (the default). */
export const themeSettingSchema = z.enum(['system', 'light', 'dark', 'high-contrast']);
export type ThemeSetting = z.infer<typeof themeSettingSchema>;

export const userSettingsSchema = z.object({
  /** the simple single column, as Mastodon's default; the deck (multi-column) is opted into in Preferences */
  layout: z._default(layoutSettingSchema, 'single-column'),
  columns: z._default(columnsSchema, []),
  introductionVersion: z._default(z.int().check(z.nonnegative()), 0),
  displayMedia: z._default(displayMediaSchema, 'default'),
  /** content warnings start expanded */
  expandSpoilers: z._default(z.boolean(), false),
  /** animated GIFs (gifv) play in the timeline without a click */
  autoplayGifs: z._default(z.boolean(), false),
  /** no transitions or animations */
  reduceMotion: z._default(z.boolean(), false),
  theme: z._default(themeSettingSchema, 'system'),
  /** ask before unfollowing, boosting, deleting (Mastodon's unfollow_modal, boost_modal, delete_modal) */
  unfollowModal: z._default(z.boolean(), true),
  boostModal: z._default(z.boolean(), false),
  deleteModal: z._default(z.boolean(), true),
  /** ask before posting media without a description (Mastodon's missing_alt_text_modal) */
  missingAltTextModal: z._default(z.boolean(), true),
  /**
   * the interface language: the account's `locale` (Mastodon's, set at sign-up), kept in the users table rather
   * than with the other settings; signed out, the browser's best match
   */
  locale: z._default(z.enum(LOCALES), 'en'),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/web/settings body: any subset of the settings (no defaults: absent keys stay unchanged). */
export const userSettingsPatchSchema = z.object({
  layout: z.optional(layoutSettingSchema),
  columns: z.optional(columnsSchema),
  introductionVersion: z.optional(z.int().check(z.nonnegative())),
  displayMedia: z.optional(displayMediaSchema),
  expandSpoilers: z.optional(z.boolean()),
  autoplayGifs: z.optional(z.boolean()),
  reduceMotion: z.optional(z.boolean()),
  theme: z.optional(themeSettingSchema),
  unfollowModal: z.optional(z.boolean()),
  boostModal: z.optional(z.boolean()),
  deleteModal: z.optional(z.boolean()),
  missingAltTextModal: z.optional(z.boolean()),
  locale: z.optional(z.enum(LOCALES)),
});
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

export const identitySchema = z.object({
  signedIn: z.boolean(),
  accountId: z.nullable(z.string()),
  username: z.nullable(z.string()),
  permissions: z.int(),
  disabledAccountId: z.nullable(z.string()),
  movedToAccountId: z.nullable(z.string()),
});
export type Identity = z.infer<typeof identitySchema>;

export const serverFlagsSchema = z.object({
  domain: z.string(),
  title: z.string(),
  version: z.string(),
  registrationsMode: z.enum(['open', 'approval', 'closed']),
  /** where the sign-up button leads (SPEC §2: defaults to /auth/sign_up) */
  signUpUrl: z.string(),
  /** single sign-on redirect URL, when configured */
  ssoRedirect: z.nullable(z.string()),
  /** username of the single-user-mode account, when configured */
  singleUserAccount: z.nullable(z.string()),
  explorePageEnabled: z.boolean(),
  /** whether signed-out visitors may read the public timelines */
  publicTimelinesVisible: z.boolean(),
  maxMediaAttachments: z.int(),
});
export type ServerFlags = z.infer<typeof serverFlagsSchema>;

/**
 * Embedded in every client page as JSON in <script id="initial-state" type="application/json">. As Mastodon's
 * initial state, it carries what the first screen would otherwise ask the API for: the viewer's own account and
 * the server's information, so that a page load does not spend the API allowance on them.
 */
export const initialStateSchema = z.object({
  identity: identitySchema,
  settings: userSettingsSchema,
  csrfToken: z.string(),
  accessToken: z.nullable(z.string()),
  server: serverFlagsSchema,
  /** the signed-in account as GET /api/v1/accounts/verify_credentials answers it; null signed out */
  account: z.nullable(z.custom<CredentialAccount>()),
  /** GET /api/v2/instance's answer; null on a page served without the server */
  instance: z.nullable(z.custom<Instance>()),
});
export type InitialState = z.infer<typeof initialStateSchema>;
