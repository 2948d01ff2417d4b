import { z } from 'zod';
import { PALCHAT_SOURCE_URL } from '../instance/source-code.js';

const flag = z.preprocess((value) => {
  if (typeof value !== 'string') return value;
  const normalized = value.trim().toLowerCase();
  if (['true', '1', 'yes', 'on'].includes(normalized)) return true;
  if (['false', '0', 'no', 'off'].includes(normalized)) return false;
  return value;
}, z.boolean());

const text = (max: number) => z.string().trim().max(max);

/** Every server setting, its type and default: the server_settings table stores them as text. */
export const serverSettingsSchema = z.object({
  registrations_mode: z.enum(['open', 'approval', 'closed']).default('open'),
  /** shown instead of the sign-up form when registrations are closed */
  closed_registrations_message: text(1000).default(''),
  site_title: text(100).min(1).default('Palchat'),
  site_short_description: text(500).default(''),
  site_description: text(5000).default(''),
  /** username of the local account shown as the server's administrator */
  site_contact_username: text(30).default(''),
  site_contact_email: z.union([z.literal(''), z.email()]).default(''),
  /** signed-out visitors land on this account's profile when set */
  single_user_mode_username: text(30).default(''),
  explore_enabled: flag.default(true),
  /** whether signed-out visitors may read the public timelines */
  timeline_preview: flag.default(true),
  /** single sign-on: where the sign-up and login buttons lead instead of the built-in forms */
  sso_redirect_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(''),
  /** where the server's source code is (announced as source_url): the published repository; empty: /source.tar.gz */
  source_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]).default(PALCHAT_SOURCE_URL),
  /** the server thumbnail, relative to the media folder; a default one is generated when empty */
  thumbnail_path: text(500)
    .refine((value) => !value.split(/[\\/]/).includes('..'), 'must stay inside the media folder')
    .default(''),
});

export type ServerSettings = z.infer<typeof serverSettingsSchema>;
export type ServerSettingKey = keyof ServerSettings;

export const SERVER_SETTING_KEYS = Object.keys(serverSettingsSchema.shape) as ServerSettingKey[];

export function isServerSettingKey(key: string): key is ServerSettingKey {
  return (SERVER_SETTING_KEYS as string[]).includes(key);
}

/** How a value is kept in the table. */
export function encodeSettingValue(value: ServerSettings[ServerSettingKey]): string {
  return typeof value === 'boolean' ? String(value) : value;
}
