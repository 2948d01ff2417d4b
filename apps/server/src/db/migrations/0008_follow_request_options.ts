import type { Kysely } from 'kysely';

/**
 * A follow request keeps the reblogs and notify choices it was made with, so that authorizing it (or the
 * account unlocking) creates the follow the requester asked for. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('follow_requests')
    .addColumn('show_reblogs', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema
    .alterTable('follow_requests')
    .addColumn('notify', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The follow request options migration cannot be reverted');
}
