import type { AccountRow } from '../auth/viewer.js';
import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';
import { limitedAccount } from '../moderation/limited.js';
import {
  blockedIdsOf,
  blockerIdsOf,
  followedIdsOf,
  mutedIdsEverOf,
  requestedIdsOf,
} from '../relationships/conditions.js';

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
  return (
    db
      .selectFrom('accounts')
      .selectAll('accounts')
      .where('accounts.id', '!=', viewer.id)
      .where('accounts.discoverable', '=', 1)
      .where('accounts.domain', 'is', null)
      .where('accounts.approved', '=', 1)
      .where('accounts.disabled', '=', 0)
      .where('accounts.moved_to_account_id', 'is', null)
      .where((eb) => eb.not(limitedAccount('accounts')))
      .where('accounts.id', 'not in', followedIdsOf(viewer.id))
      .where('accounts.id', 'not in', requestedIdsOf(viewer.id))
      .where('accounts.id', 'not in', blockedIdsOf(viewer.id))
      .where('accounts.id', 'not in', mutedIdsEverOf(viewer.id))
      .where('accounts.id', 'not in', dismissed)
      .where('accounts.id', 'not in', blockerIdsOf(viewer.id))
      .orderBy('accounts.followers_count', 'desc')
      // accounts that never posted go last in both dialects (they sort NULLs differently)
      .orderBy((eb) => eb.case().when('accounts.last_status_at', 'is', null).then(1).else(0).end(), 'asc')
      .orderBy('accounts.last_status_at', 'desc')
      .orderBy('accounts.id', 'desc')
      .limit(limit)
      .execute()
  );
}

/** The account stops being suggested to the viewer (Mastodon's DELETE /api/v1/suggestions/:account_id). */
export async function dismissSuggestion(db: DbOrTx, viewerId: string, targetId: string): Promise<void> {
  await db
    .insertInto('suggestion_dismissals')
    .values({ account_id: viewerId, target_account_id: targetId, created_at: nowIso() })
    .onConflict((oc) => oc.columns(['account_id', 'target_account_id']).doNothing())
    .execute();
}
