import type { BlockStatus } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';
import { blockedEitherWayAmong, blocksBetween, followersAmong, followsTo } from '../relationships/store.js';

export async function blockStatus(db: DbOrTx, accountId: string, otherId: string): Promise<BlockStatus> {
  const { aBlocksB, bBlocksA } = await blocksBetween(db, accountId, otherId);
  return { is_blocked_by_me: aBlocksB, is_blocked_by_them: bBlocksA };
}

/** Accounts among `others` that follow `accountId` and are followed back, with no block either way. */
export async function mutualFollowsAmong(
  db: DbOrTx,
  accountId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const [following, followedBack, blocked] = await Promise.all([
    followsTo(db, accountId, others),
    followersAmong(db, accountId, others),
    blockedEitherWayAmong(db, accountId, others),
  ]);
  return new Set(
    following.map((row) => row.target_account_id).filter((id) => followedBack.has(id) && !blocked.has(id)),
  );
}
