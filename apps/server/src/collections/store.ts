import type { DbOrTx } from '../db/index.js';
import type { CollectionsTable } from '../db/schema.js';

/** Pages of collections for the collection routes (one collection's reads and writes are in service.ts). */

interface Page {
  offset: number;
  limit: number;
}

/** The curator's collections, newest first: only the discoverable ones unless `all`. */
export async function collectionsOf(
  db: DbOrTx,
  curatorId: string,
  all: boolean,
  { offset, limit }: Page,
): Promise<CollectionsTable[]> {
  let rows = db.selectFrom('collections').selectAll().where('account_id', '=', curatorId);
  if (!all) rows = rows.where('discoverable', '=', 1);
  return rows.orderBy('created_at', 'desc').orderBy('id', 'desc').offset(offset).limit(limit).execute();
}

/** The collections that feature the account (an accepted item), newest first. */
export async function collectionsFeaturing(
  db: DbOrTx,
  accountId: string,
  { offset, limit }: Page,
): Promise<CollectionsTable[]> {
  return db
    .selectFrom('collections')
    .innerJoin('collection_items', 'collection_items.collection_id', 'collections.id')
    .selectAll('collections')
    .where('collection_items.account_id', '=', accountId)
    .where('collection_items.state', '=', 'accepted')
    .orderBy('collections.created_at', 'desc')
    .orderBy('collections.id', 'desc')
    .offset(offset)
    .limit(limit)
    .execute();
}
