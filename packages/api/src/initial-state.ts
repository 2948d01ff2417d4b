// zod/mini: this module is all the web client's first load needs, and the classic API would add ~25 KB gzip.
import * as z from 'zod/mini';

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

/** A multi-column column: SPEC §3 "Column: id, uuid, params". */
export const columnSchema = z.object({
  id: columnTypeSchema,
  uuid: z.string().check(z.minLength(1), z.maxLength(64)),
  params: z._default(z.record(z.string(), z.unknown()), {}),
});
export type Column = z.infer<typeof columnSchema>;

export const userSettingsSchema = z.object({
  layout: z._default(layoutSettingSchema, 'auto'),
  columns: z._default(z.array(columnSchema).check(z.maxLength(20)), []),
  introductionVersion: z._default(z.int().check(z.nonnegative()), 0),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/web/settings body: any subset of the settings (no defaults: absent keys stay unchanged). */
export const userSettingsPatchSchema = z.object({
  layout: z.optional(layoutSettingSchema),
  columns: z.optional(z.array(columnSchema).check(z.maxLength(20))),
  introductionVersion: z.optional(z.int().check(z.nonnegative())),
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

/** Embedded in every client page as JSON in <script id="initial-state" type="application/json">. */
export const initialStateSchema = z.object({
  identity: identitySchema,
  settings: userSettingsSchema,
  csrfToken: z.string(),
  accessToken: z.nullable(z.string()),
  server: serverFlagsSchema,
});
export type InitialState = z.infer<typeof initialStateSchema>;
