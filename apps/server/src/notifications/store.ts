import type { AccountRow } from '../auth/viewer.js';
import type { Db, DbOrTx } from '../db/index.js';
import type { NotificationsTable } from '../db/schema.js';
import { permitSenders } from './policy.js';

/**
 * The `notifications` table's reads and writes for the API: one notification, the ones held back by the policy
 * (notification requests, one per sending account), dismissing and clearing.
 */

// ---- reads ----

export async function findNotification(
  db: DbOrTx,
  viewerId: string,
  id: string,
): Promise<NotificationsTable | undefined> {
  return db
    .selectFrom('notifications')
    .selectAll()
    .where('id', '=', id)
    .where('account_id', '=', viewerId)
    .executeTakeFirst();
}

/** The account `accountId` when it has notifications held back for the viewer (a notification request). */
export async function findFilteredSender(
  db: DbOrTx,
  viewerId: string,
  accountId: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom('accounts')
    .selectAll('accounts')
    .where('accounts.id', '=', accountId)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('notifications')
          .select('notifications.id')
          .where('notifications.account_id', '=', viewerId)
          .where('notifications.filtered', '=', 1)
          .whereRef('notifications.from_account_id', '=', 'accounts.id'),
      ),
    )
    .executeTakeFirst();
}

/** The held-back notifications grouped by sender, latest group first (at most 40), or those of one sender. */
export async function filteredNotificationGroups(db: DbOrTx, viewerId: string, senderId?: string) {
  let query = db
    .selectFrom('notifications')
    .select((eb) => [
      'notifications.from_account_id',
      eb.fn.max('notifications.id').as('last_id'),
      eb.fn.min('notifications.created_at').as('first_at'),
      eb.fn.max('notifications.created_at').as('last_at'),
      eb.fn.countAll<number | string>().as('count'),
    ])
    .where('notifications.account_id', '=', viewerId)
    .where('notifications.filtered', '=', 1)
    .groupBy('notifications.from_account_id')
    .orderBy('last_id', 'desc')
    .limit(40);
  if (senderId) query = query.where('notifications.from_account_id', '=', senderId);
  return query.execute();
}

/** The statuses (not deleted) the notifications `notificationIds` are about. */
export async function statusesOfNotifications(db: DbOrTx, notificationIds: readonly string[]) {
  return db
    .selectFrom('notifications')
    .innerJoin('statuses', 'statuses.id', 'notifications.status_id')
    .selectAll('statuses')
    .where('notifications.id', 'in', [...notificationIds])
    .where('statuses.deleted_at', 'is', null)
    .execute();
}

/** The senders among `senderIds` whose notifications are held back for the viewer. */
export async function filteredSendersAmong(
  db: DbOrTx,
  viewerId: string,
  senderIds: readonly string[],
): Promise<string[]> {
  const rows = await db
    .selectFrom('notifications')
    .select('from_account_id')
    .distinct()
    .where('account_id', '=', viewerId)
    .where('filtered', '=', 1)
    .where('from_account_id', 'in', [...senderIds])
    .execute();
  return rows.map((row) => row.from_account_id);
}

/** How many notifications are held back for the viewer, and from how many senders. */
export async function filteredSummary(db: DbOrTx, viewerId: string) {
  return db
    .selectFrom('notifications')
    .select((eb) => [
      eb.fn.countAll<number | string>().as('notifications'),
      eb.fn.count<number | string>('from_account_id').distinct().as('requests'),
    ])
    .where('account_id', '=', viewerId)
    .where('filtered', '=', 1)
    .executeTakeFirstOrThrow();
}

// ---- writes ----

/** Held-back notifications from `senderIds` join the list, and their later ones skip the policy. */
export async function acceptFilteredSenders(
  db: Db,
  viewerId: string,
  senderIds: readonly string[],
): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await permitSenders(tx, viewerId, senderIds);
    await tx
      .updateTable('notifications')
      .set({ filtered: 0 })
      .where('account_id', '=', viewerId)
      .where('from_account_id', 'in', [...senderIds])
      .execute();
  });
}

export async function dismissFilteredSenders(
  db: DbOrTx,
  viewerId: string,
  senderIds: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('account_id', '=', viewerId)
    .where('from_account_id', 'in', [...senderIds])
    .where('filtered', '=', 1)
    .execute();
}

/** Deletes the viewer's notification `id`; false when the viewer has no such notification. */
export async function deleteNotification(db: DbOrTx, viewerId: string, id: string): Promise<boolean> {
  const removed = await db
    .deleteFrom('notifications')
    .where('id', '=', id)
    .where('account_id', '=', viewerId)
    .executeTakeFirst();
  return Number(removed.numDeletedRows) > 0;
}

export async function deleteNotifications(
  db: DbOrTx,
  viewerId: string,
  ids: readonly string[],
): Promise<void> {
  await db
    .deleteFrom('notifications')
    .where('account_id', '=', viewerId)
    .where('id', 'in', [...ids])
    .execute();
}

export async function clearNotifications(db: DbOrTx, viewerId: string): Promise<void> {
  await db.deleteFrom('notifications').where('account_id', '=', viewerId).execute();
}
