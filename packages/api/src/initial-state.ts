import { z } from 'zod';

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
  uuid: z.string().min(1).max(64),
  params: z.record(z.string(), z.unknown()).default({}),
});
export type Column = z.infer<typeof columnSchema>;

/** The version of the introduction (onboarding) a user must have seen not to be on a first launch. */
export const CURRENT_INTRODUCTION_VERSION = 20261121;

export const userSettingsSchema = z.object({
  layout: layoutSettingSchema.default('auto'),
  columns: z.array(columnSchema).max(20).default([]),
  introductionVersion: z.number().int().nonnegative().default(0),
});
export type UserSettings = z.infer<typeof userSettingsSchema>;

/** PUT /api/web/settings body: any subset of the settings (no defaults: absent keys stay unchanged). */
export const userSettingsPatchSchema = z.object({
  layout: layoutSettingSchema.optional(),
  columns: z.array(columnSchema).max(20).optional(),
  introductionVersion: z.number().int().nonnegative().optional(),
});
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

/** Mastodon's permission bits (exact values are not shown in the UI). */
export const Permission = {
  administrator: 0x1,
  viewDashboard: 0x8,
  manageReports: 0x10,
} as const;

export const identitySchema = z.object({
  signedIn: z.boolean(),
  accountId: z.string().nullable(),
  username: z.string().nullable(),
  permissions: z.number().int(),
  disabledAccountId: z.string().nullable(),
  movedToAccountId: z.string().nullable(),
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
  ssoRedirect: z.string().nullable(),
  /** username of the single-user-mode account, when configured */
  singleUserAccount: z.string().nullable(),
  explorePageEnabled: z.boolean(),
  /** whether signed-out visitors may read the public timelines */
  publicTimelinesVisible: z.boolean(),
  maxMediaAttachments: z.number().int(),
});
export type ServerFlags = z.infer<typeof serverFlagsSchema>;

/** Embedded in every client page as JSON in <script id="initial-state" type="application/json">. */
export const initialStateSchema = z.object({
  identity: identitySchema,
  settings: userSettingsSchema,
  csrfToken: z.string(),
  accessToken: z.string().nullable(),
  server: serverFlagsSchema,
});
export type InitialState = z.infer<typeof initialStateSchema>;
