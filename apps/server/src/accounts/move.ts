import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { ApiError } from '../http/errors.js';
import { followAccount, unfollowAccount } from './follows.js';
import { followsWithAccounts } from '../relationships/conditions.js';

/**
 * What Mastodon's MoveWorker does for the local followers of an account that moved (whether it moved from here
 * or from another server): each stops following the old account and follows the new one with the same options.
 * When the new account is local, it declared the old one as its alias, so its lock is bypassed as Mastodon
 * does; a remote one decides on its own (the follow is a request until its Accept arrives). A follower blocked
 * by (or blocking) the new account just stops following.
 */
export async function moveLocalFollowers(
  ctx: AppContext,
  source: AccountRow,
  target: AccountRow,
): Promise<void> {
  const followers = await followsWithAccounts(ctx.db, source.id, 'followers')
    .selectAll('accounts')
    .select(['follows.show_reblogs as follow_reblogs', 'follows.notify as follow_notify'])
    .where('accounts.domain', 'is', null)
    .execute();
  for (const { follow_reblogs: reblogs, follow_notify: notify, ...follower } of followers) {
    await unfollowAccount(ctx, follower, source);
    if (follower.id === target.id) continue;
    await followAccount(
      ctx,
      follower,
      target,
      { reblogs: reblogs === 1, notify: notify === 1 },
      { bypassLocked: !target.domain },
    ).catch((error: unknown) => {
      if (!(error instanceof ApiError)) throw error;
    });
  }
}

/** The actor ids an account declares as its other accounts (`alsoKnownAs`), local or remote. */
export function aliasesOf(account: Pick<AccountRow, 'also_known_as_json'>): string[] {
  if (!account.also_known_as_json) return [];
  const parsed: unknown = JSON.parse(account.also_known_as_json);
  return Array.isArray(parsed) ? parsed.filter((uri): uri is string => typeof uri === 'string') : [];
}

/** Marks `source` as moved to `target` (null: the redirect is cancelled); `moved` in its Account entity. */
export async function setMovedTo(ctx: AppContext, source: AccountRow, target: AccountRow | null) {
  await ctx.db
    .updateTable('accounts')
    .set({ moved_to_account_id: target?.id ?? null })
    .where('id', '=', source.id)
    .execute();
  return { ...source, moved_to_account_id: target?.id ?? null };
}
