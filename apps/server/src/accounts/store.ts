import type { DbOrTx } from '../db/index.js';
import { nowIso } from '../lib/time.js';

/**
 * The one owner of the `accounts` table (local and remote accounts, their profile fields and counters). Every other
 * module reads and writes accounts through these functions.
 */

// ---- reads ----

// ---- writes ----

/** Marks an account suspended from now on (a remote account deleted on its server is kept that way). */
export async function markSuspended(db: DbOrTx, accountId: string): Promise<void> {
  await db.updateTable('accounts').set({ suspended_at: nowIso() }).where('id', '=', accountId).execute();
}
