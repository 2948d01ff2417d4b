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

/** Accounts among `others` that follow `accountId` and are followed back, with no block either way. */
export async function mutualFollowsAmong(
  db: DbOrTx,
  accountId: string,
  others: readonly string[],
): Promise<Set<string>> {
  if (others.length === 0) return new Set();
  const [following, followers, blocks] = await Promise.all([
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
    db
      .selectFrom('blocks')
      .select(['account_id', 'target_account_id'])
      .where((eb) =>
        eb.or([
          eb.and([eb('account_id', '=', accountId), eb('target_account_id', 'in', [...others])]),
          eb.and([eb('target_account_id', '=', accountId), eb('account_id', 'in', [...others])]),
        ]),
      )
      .execute(),
  ]);
  const followedBack = new Set(followers.map((row) => row.id));
  const blocked = new Set(blocks.flatMap((row) => [row.account_id, row.target_account_id]));
  return new Set(following.map((row) => row.id).filter((id) => followedBack.has(id) && !blocked.has(id)));
}
