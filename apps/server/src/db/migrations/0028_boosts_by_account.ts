import type { Kysely } from 'kysely';

/**
 * Which of a page's statuses the viewer boosted (the viewer-marks statement): without this index SQLite reads every
 * status of the viewer's (statuses_account) to find the few boosts of the page's ids; with it, one lookup per id.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('statuses_account_reblog')
    .on('statuses')
    .columns(['account_id', 'reblog_of_id'])
    .execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropIndex('statuses_account_reblog').execute();
}
