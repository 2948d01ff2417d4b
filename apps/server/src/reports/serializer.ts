import type { Selectable } from 'kysely';
import type { Report } from '@palchat/api';
import type { AppContext } from '../context.js';
import type { ReportsTable } from '../db/schema.js';
import { serializeAccount } from '../accounts/serializer.js';
import { findAccountsByIds } from '../accounts/store.js';

/** The ids a report row keeps as a JSON array (status_ids, rule_ids, message_ids). */
export const idList = (json: string): string[] => {
  const parsed: unknown = JSON.parse(json);
  return Array.isArray(parsed) ? parsed.map(String) : [];
};

/** What every view of a report says about it: Mastodon's Report fields kept on the row itself. */
export function reportBasics(row: Selectable<ReportsTable>) {
  return {
    id: row.id,
    action_taken: row.action_taken_at !== null,
    action_taken_at: row.action_taken_at,
    category: row.category,
    comment: row.comment,
    forwarded: row.forwarded === 1,
    created_at: row.created_at,
  };
}

/** Mastodon's Report entities; reports about a chat (no target account) have none and are left out. */
export async function serializeReports(ctx: AppContext, rows: Selectable<ReportsTable>[]): Promise<Report[]> {
  const targetIds = [
    ...new Set(rows.flatMap((row) => (row.target_account_id ? [row.target_account_id] : []))),
  ];
  const targets = targetIds.length ? await findAccountsByIds(ctx.db, targetIds) : [];
  const targetById = new Map(targets.map((row) => [row.id, serializeAccount(ctx, row)]));
  return rows.flatMap((row) => {
    const target = row.target_account_id ? targetById.get(row.target_account_id) : undefined;
    if (!target) return [];
    return [
      {
        ...reportBasics(row),
        status_ids: idList(row.status_ids),
        rule_ids: idList(row.rule_ids),
        target_account: target,
      },
    ];
  });
}
