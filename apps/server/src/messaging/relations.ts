import type { BlockStatus } from '@palchat/api';
import type { DbOrTx } from '../db/index.js';

export async function blockStatus(db: DbOrTx, accountId: string, otherId: string): Promise<BlockStatus> {
  const rows = await db
    .selectFrom('blocks')
    .select(['account_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('account_id', '=', accountId), eb('target_account_id', '=', otherId)]),
        eb.and([eb('account_id', '=', otherId), eb('target_account_id', '=', accountId)]),
      ]),
    )
    .execute();
  return {
    is_blocked_by_me: rows.some((row) => row.account_id === accountId),
    is_blocked_by_them: rows.some((row) => row.account_id === otherId),
  };
}

/** Accounts among `others` with a block between them and `accountId`, whoever blocked whom. */
export async function blockedEitherWayAmong(
  db: DbOrTx,
  accountId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const rows = await db
    .selectFrom('blocks')
    .select(['account_id', 'target_account_id'])
    .where((eb) =>
      eb.or([
        eb.and([eb('account_id', '=', accountId), eb('target_account_id', 'in', [...others])]),
        eb.and([eb('target_account_id', '=', accountId), eb('account_id', 'in', [...others])]),
      ]),
    )
    .execute();
  return new Set(rows.map((row) => (row.account_id === accountId ? row.target_account_id : row.account_id)));
}

/** Accounts among `others` that follow `accountId` and are followed back, with no block either way. */
export async function mutualFollowsAmong(
  db: DbOrTx,
  accountId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const [following, followers, blocked] = await Promise.all([
    db
      .selectFrom('follows')
      .select('target_account_id as id')
      .where('account_id', '=', accountId)
      .where('target_account_id', 'in', [...others])
      .execute(),
    db
      .selectFrom('follows')
      .select('account_id as id')
      .where('target_account_id', '=', accountId)
      .where('account_id', 'in', [...others])
      .execute(),
    blockedEitherWayAmong(db, accountId, others),
  ]);
  const followedBack = new Set(followers.map((row) => row.id));
  return new Set(following.map((row) => row.id).filter((id) => followedBack.has(id) && !blocked.has(id)));
}
