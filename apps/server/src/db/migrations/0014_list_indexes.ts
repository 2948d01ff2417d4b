import type { Kysely } from 'kysely';

/**
 * Indexes in the order the paginated lists read them, so that a page of favourites, bookmarks, followers,
 * follows or follow requests reads `limit` index entries instead of sorting everything the account has.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('favourites_account_page')
    .on('favourites')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('bookmarks_account_page')
    .on('bookmarks')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema.createIndex('follows_account_page').on('follows').columns(['account_id', 'id']).execute();
  await db.schema
    .createIndex('follows_target_page')
    .on('follows')
    .columns(['target_account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('follow_requests_target_page')
    .on('follow_requests')
    .columns(['target_account_id', 'id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The list indexes migration cannot be reverted');
}
