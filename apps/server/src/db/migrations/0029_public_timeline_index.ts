import type { Kysely } from 'kysely';

/**
 * The public timelines (public originals, newest first): with this index a page walks the public originals in id
 * order and stops once it is full; without it SQLite read every original status (statuses_reblog) and sorted
 * them all to keep one page.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('statuses_public_originals')
    .on('statuses')
    .columns(['visibility', 'reblog_of_id', 'id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('statuses_public_originals').execute();
}
