import type { Kysely } from 'kysely';

/**
 * Indexes in the order the paginated lists read them, so that a page of favourites, bookmarks, followers,
 * follows or follow requests reads `limit` index entries instead of sorting everything the account has.
 */
const PAGE_INDEXES: ReadonlyArray<readonly [name: string, table: string, owner: string]> = [
  ['favourites_account_page', 'favourites', 'account_id'],
  ['bookmarks_account_page', 'bookmarks', 'account_id'],
  ['follows_account_page', 'follows', 'account_id'],
  ['follows_target_page', 'follows', 'target_account_id'],
  ['follow_requests_target_page', 'follow_requests', 'target_account_id'],
];

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [name, table, owner] of PAGE_INDEXES) {
    await db.schema.createIndex(name).on(table).columns([owner, 'id']).execute();
  }
}

export async function down(): Promise<void> {
  throw new Error('The list indexes migration cannot be reverted');
}
