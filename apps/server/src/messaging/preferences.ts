import { DEFAULT_PREFERENCES, type ConversationSettings, type Preferences } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import type { Bool, ConversationParticipantsTable } from '../db/schema.js';
import { unprocessable } from '../http/errors.js';
import { nowIso } from '../lib/time.js';

const toBool = (value: Bool | null | undefined): boolean | null =>
  value === null || value === undefined ? null : value === 1;
const toFlag = (value: boolean): Bool => (value ? 1 : 0);

/** The three global flags of each account; accounts without a row get the defaults (all on). */
export async function loadPreferences(
  db: DbOrTx,
  accountIds: readonly string[],
): Promise<Map<string, Preferences>> {
  const result = new Map<string, Preferences>();
  if (accountIds.length === 0) return result;
  const rows = await db
    .selectFrom('messaging_preferences')
    .selectAll()
    .where('account_id', 'in', [...new Set(accountIds)])
    .execute();
  for (const id of accountIds) result.set(id, { ...DEFAULT_PREFERENCES });
  for (const row of rows) {
    result.set(row.account_id, {
      typing_indicator_enabled: row.typing_indicator_enabled === 1,
      read_receipts_enabled: row.read_receipts_enabled === 1,
      active_status_enabled: row.active_status_enabled === 1,
    });
  }
  return result;
}

export async function getPreferences(db: DbOrTx, accountId: string): Promise<Preferences> {
  return (await loadPreferences(db, [accountId])).get(accountId) ?? { ...DEFAULT_PREFERENCES };
}

export async function updatePreferences(
  db: DbOrTx,
  accountId: string,
  patch: Partial<Preferences>,
): Promise<Preferences> {
  const keys = (
    ['typing_indicator_enabled', 'read_receipts_enabled', 'active_status_enabled'] as const
  ).filter((key) => typeof patch[key] === 'boolean');
  if (keys.length === 0) throw unprocessable('messaging.preference_required');
  const next = { ...(await getPreferences(db, accountId)), ...patch };
  const row = {
    typing_indicator_enabled: toFlag(next.typing_indicator_enabled),
    read_receipts_enabled: toFlag(next.read_receipts_enabled),
    active_status_enabled: toFlag(next.active_status_enabled),
    updated_at: nowIso(),
  };
  await db
    .insertInto('messaging_preferences')
    .values({ account_id: accountId, ...row })
    .onConflict((oc) => oc.column('account_id').doUpdateSet(row))
    .execute();
  return next;
}

type OverrideColumns = Pick<
  ConversationParticipantsTable,
  'typing_indicator_enabled' | 'read_receipts_enabled'
>;

/** A conversation override wins over the global preference; null inherits it. */
export function effectiveSettings(
  global: Preferences,
  overrides: OverrideColumns,
): { typing_indicator_enabled: boolean; read_receipts_enabled: boolean } {
  return {
    typing_indicator_enabled: toBool(overrides.typing_indicator_enabled) ?? global.typing_indicator_enabled,
    read_receipts_enabled: toBool(overrides.read_receipts_enabled) ?? global.read_receipts_enabled,
  };
}

export function describeSettings(global: Preferences, overrides: OverrideColumns): ConversationSettings {
  const conversationOverrides = {
    typing_indicator_enabled: toBool(overrides.typing_indicator_enabled),
    read_receipts_enabled: toBool(overrides.read_receipts_enabled),
  };
  return {
    global_settings: global,
    effective_settings: effectiveSettings(global, overrides),
    conversation_overrides: conversationOverrides,
    has_overrides:
      conversationOverrides.typing_indicator_enabled !== null ||
      conversationOverrides.read_receipts_enabled !== null,
  };
}

export async function getConversationSettings(
  db: DbOrTx,
  accountId: string,
  participant: OverrideColumns,
): Promise<ConversationSettings> {
  return describeSettings(await getPreferences(db, accountId), participant);
}

export async function updateConversationSettings(
  db: DbOrTx,
  accountId: string,
  conversationId: string,
  patch: { typing_indicator_enabled?: boolean | null; read_receipts_enabled?: boolean | null },
): Promise<ConversationSettings> {
  const changes: Partial<OverrideColumns> = {};
  for (const key of ['typing_indicator_enabled', 'read_receipts_enabled'] as const) {
    const value = patch[key];
    if (value !== undefined) changes[key] = value === null ? null : toFlag(value);
  }
  if (Object.keys(changes).length === 0) throw unprocessable('messaging.setting_required');
  await db
    .updateTable('conversation_participants')
    .set(changes)
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', accountId)
    .execute();
  const participant = await db
    .selectFrom('conversation_participants')
    .select(['typing_indicator_enabled', 'read_receipts_enabled'])
    .where('conversation_id', '=', conversationId)
    .where('account_id', '=', accountId)
    .executeTakeFirstOrThrow();
  return getConversationSettings(db, accountId, participant);
}
