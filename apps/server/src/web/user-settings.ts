import { userSettingsSchema, type UserSettings, type UserSettingsPatch } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';

/** Stored settings, with defaults for whatever is missing or no longer valid. */
export function parseUserSettings(json: string | null | undefined): UserSettings {
  let raw: unknown;
  try {
    raw = json ? JSON.parse(json) : {};
  } catch {
    raw = {};
  }
  const parsed = userSettingsSchema.safeParse(raw);
  return parsed.success ? parsed.data : userSettingsSchema.parse({});
}

export async function loadUserSettings(db: DbOrTx, accountId: string): Promise<UserSettings> {
  const row = await db
    .selectFrom('users')
    .select('settings_json')
    .where('account_id', '=', accountId)
    .executeTakeFirst();
  return parseUserSettings(row?.settings_json);
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
  await db
    .updateTable('users')
    .set({ settings_json: JSON.stringify(merged) })
    .where('account_id', '=', accountId)
    .execute();
  return merged;
}
