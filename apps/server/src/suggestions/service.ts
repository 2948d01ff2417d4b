import { suggestableAccounts } from '../accounts/store.js';
import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';

/**
 * Accounts worth following for `viewer`: discoverable local accounts the viewer neither follows nor asked to,
 * nor blocks, mutes or dismissed, and that do not block the viewer; the most followed first, then the most
 * recently active.
 */
export async function followSuggestions(
  db: DbOrTx,
  viewer: AccountRow,
  limit: number,
): Promise<AccountRow[]> {
  const dismissed = db
    .selectFrom('suggestion_dismissals')
    .select('suggestion_dismissals.target_account_id')
    .where('suggestion_dismissals.account_id', '=', viewer.id);
  return suggestableAccounts(db, viewer.id, dismissed, limit);
}

/** The account stops being suggested to the viewer (Mastodon's DELETE /api/v1/suggestions/:account_id). */
export async function dismissSuggestion(db: DbOrTx, viewerId: string, targetId: string): Promise<void> {
  await db
    .insertInto('suggestion_dismissals')
    .values({ account_id: viewerId, target_account_id: targetId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
    .execute();
}
