import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { deleteNotificationsFrom } from '../notifications/service.js';
import { deleteFollowRequestsInvolving, followsInvolving } from '../relationships/store.js';
import { removeFavouritesOf } from '../statuses/actions.js';
import { removeStatus } from '../statuses/compose.js';
import { liveStatusesOfAccount } from '../statuses/store.js';
import { unfollowAccount } from './follows.js';
import { findAccountById, markSuspended } from './store.js';

/** Statuses removed per batch when a remote account is removed (each streams its deletion). */
const DELETE_BATCH = 100;

/**
 * A remote account deleted on its server (Delete of its actor): its statuses and boosts go (from feeds and
 * streams), its follows both ways, follow requests, notifications and favourites end, and the account is kept
 * suspended so that nothing it sent before arrives again. Each step is the owning domain's command, whose events
 * tell the rest of the server.
 */
export async function removeRemoteAccount(ctx: AppContext, account: AccountRow): Promise<void> {
  await removeAllStatusesOf(ctx, account);
  await endFollowsInvolving(ctx, account);
  await ctx.db.transaction().execute(async (tx) => {
    await deleteFollowRequestsInvolving(tx, account.id);
    await deleteNotificationsFrom(tx, account.id);
    await removeFavouritesOf(tx, account.id);
    await markSuspended(tx, account.id);
  });
}

async function removeAllStatusesOf(ctx: AppContext, account: AccountRow): Promise<void> {
  for (;;) {
    const statuses = await liveStatusesOfAccount(ctx.db, account.id, DELETE_BATCH);
    for (const status of statuses) await removeStatus(ctx, status, { deleteMedia: true });
    if (statuses.length < DELETE_BATCH) return;
  }
}

/** Its follows of local accounts and theirs of it end as unfollows (counters, feeds, events). */
async function endFollowsInvolving(ctx: AppContext, account: AccountRow): Promise<void> {
  for (const row of await followsInvolving(ctx.db, account.id)) {
    const follower = row.account_id === account.id;
    const other = await findAccountById(ctx.db, follower ? row.target_account_id : row.account_id);
    if (!other) continue;
    if (follower) await unfollowAccount(ctx, account, other);
    else await unfollowAccount(ctx, other, account);
  }
}
