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
