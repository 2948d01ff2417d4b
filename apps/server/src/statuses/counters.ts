import type { DbOrTx } from '../db/index.js';

export type StatusCounter = 'replies_count' | 'reblogs_count' | 'favourites_count' | 'quotes_count';

/** One more or one fewer reply, boost, favourite or accepted quote on a status; a counter never goes below zero. */
export async function adjustStatusCounter(
  db: DbOrTx,
  statusId: string,
  counter: StatusCounter,
  delta: 1 | -1,
): Promise<void> {
  let query = db
    .updateTable('statuses')
    .set((eb) => ({ [counter]: eb(counter, '+', delta) }))
    .where('id', '=', statusId);
  if (delta < 0) query = query.where(counter, '>', 0);
  await query.execute();
}

/** One more status for an account (stamping last_status_at), or one fewer; never below zero. */
export async function adjustStatusesCount(
  db: DbOrTx,
  accountId: string,
  change: { delta: 1; at: string } | { delta: -1 },
): Promise<void> {
  if (change.delta === 1) {
    await db
      .updateTable('accounts')
      .set((eb) => ({ statuses_count: eb('statuses_count', '+', 1), last_status_at: change.at }))
      .where('id', '=', accountId)
      .execute();
    return;
  }
  await db
    .updateTable('accounts')
    .set((eb) => ({ statuses_count: eb('statuses_count', '-', 1) }))
    .where('id', '=', accountId)
    .where('statuses_count', '>', 0)
    .execute();
}
