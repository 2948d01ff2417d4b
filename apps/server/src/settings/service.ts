import type { DbOrTx } from '../db/index.js';
import { unprocessable } from '../http/errors.js';
import {
  encodeSettingValue,
  isServerSettingKey,
  serverSettingsSchema,
  SERVER_SETTING_KEYS,
  type ServerSettingKey,
  type ServerSettings,
} from './schema.js';
import { message } from '../i18n/format.js';

/**
 * Reads every setting, falling back to the default for missing rows and for stored values that no longer
 * validate (so that a bad row cannot take the server down).
 */
export async function getServerSettings(db: DbOrTx): Promise<ServerSettings> {
  const rows = await db.selectFrom('server_settings').select(['key', 'value']).execute();
  const defaults = serverSettingsSchema.parse({});
  const settings: Record<string, unknown> = { ...defaults };
  for (const row of rows) {
    if (!isServerSettingKey(row.key)) continue;
    const parsed = serverSettingsSchema.shape[row.key].safeParse(row.value);
    if (parsed.success) settings[row.key] = parsed.data;
  }
  return serverSettingsSchema.parse(settings);
}

/** Validates one raw value (e.g. from the command line) for `key`. Throws a 422 ApiError on bad input. */
export function parseSettingValue<K extends ServerSettingKey>(key: K, raw: string): ServerSettings[K] {
  const parsed = serverSettingsSchema.shape[key].safeParse(raw);
  if (!parsed.success) {
    const reason = parsed.error.issues[0]?.message ?? 'invalid value';
    throw unprocessable(message('settings.invalid_value', { key, reason }));
  }
  return parsed.data as ServerSettings[K];
}

/** Validates and stores several settings in one transaction; unknown keys are refused. */
export async function updateServerSettings(
  db: DbOrTx,
  patch: Partial<Record<string, string | boolean>>,
): Promise<ServerSettings> {
  const values: { key: ServerSettingKey; value: string }[] = [];
  for (const [key, raw] of Object.entries(patch)) {
    if (raw === undefined) continue;
    if (!isServerSettingKey(key)) {
      throw unprocessable(message('settings.unknown', { key, known: SERVER_SETTING_KEYS.join(', ') }));
    }
    const value = parseSettingValue(key, String(raw));
    values.push({ key, value: encodeSettingValue(value) });
  }
  const write = async (tx: DbOrTx) => {
    for (const entry of values) {
      await tx
        .insertInto('server_settings')
        .values(entry)
        .onConflict((conflict) => conflict.column('key').doUpdateSet({ value: entry.value }))
        .execute();
    }
  };
  if (db.isTransaction) await write(db);
  else await db.transaction().execute(write);
  return getServerSettings(db);
}
