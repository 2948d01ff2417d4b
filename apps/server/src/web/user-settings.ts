import {
  bestLocale,
  userSettingsSchema,
  type Locale,
  type UserSettings,
  type UserSettingsPatch,
} from '@palchat/api';
import type { DbOrTx } from '../db/index.js';

/**
 * Stored settings, with defaults for whatever is missing or no longer valid. The interface language is the
 * users table's `locale` (any language tag an app registered with): the interface's closest locale to it.
 */
export function parseUserSettings(json: string | null | undefined, storedLocale = ''): UserSettings {
  let raw: unknown;
  try {
    raw = json ? JSON.parse(json) : {};
  } catch {
    raw = {};
  }
  const parsed = userSettingsSchema.safeParse(raw);
  const settings = parsed.success ? parsed.data : userSettingsSchema.parse({});
  return { ...settings, locale: bestLocale([storedLocale]) };
}

/** The settings of a signed-out visitor: the defaults, in the language the browser prefers. */
export function signedOutSettings(locale: Locale): UserSettings {
  return { ...userSettingsSchema.parse({}), locale };
}

export async function loadUserSettings(db: DbOrTx, accountId: string): Promise<UserSettings> {
  const row = await db
    .selectFrom('users')
    .select(['settings_json', 'locale'])
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return parseUserSettings(row?.settings_json, row?.locale);
}

/** Merges a validated patch into the stored settings (top-level keys replace). */
export async function updateUserSettings(
  db: DbOrTx,
  accountId: string,
  patch: UserSettingsPatch,
): Promise<UserSettings> {
  const current = await loadUserSettings(db, accountId);
  const merged = userSettingsSchema.parse({
    ...current,
    ...Object.fromEntries(Object.entries(patch).filter(([, value]) => value !== undefined)),
  });
  const { locale, ...stored } = merged;
  await db
    .updateTable('users')
    .set({ settings_json: JSON.stringify(stored), ...(patch.locale ? { locale } : {}) })
    .where('account_id', '=', accountId)
    .execute();
  return merged;
}
