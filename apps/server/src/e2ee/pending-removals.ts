import type { DbOrTx } from '../db/index.js';
import type { E2eeRemovalReason } from '../db/schema.js';
import { nowIso } from '../lib/time.js';
import * as store from './store.js';

/**
 * People out of an encrypted chat (they left, or were removed without a commit): delivery to their devices stops
 * at once, and each of their leaves waits for some member's client to commit its Remove. Nothing in a plain chat.
 */
export async function markLeavesForRemoval(
  tx: DbOrTx,
  conversationId: string,
  accountIds: readonly string[],
  reason: E2eeRemovalReason,
): Promise<void> {
  const cursors = await store.deleteCursorsOfAccount(tx, conversationId, accountIds);
  await store.addPendingRemovals(tx, cursors, reason, nowIso());
}
