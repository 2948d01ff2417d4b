import type { Kysely } from 'kysely';

/**
 * Home and list timelines materialized at write time (Mastodon's per-user feeds): `feeds` says which feeds
 * exist and from which id down they are complete, `feed_entries` holds their candidate statuses. Entries go
 * with their status (cascade). Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('feeds')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('floor_id', 'text')
    .addColumn('entries', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('feeds_pk', ['kind', 'owner_id'])
    .execute();
  await db.schema
    .createTable('feed_entries')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('feed_entries_pk', ['kind', 'owner_id', 'status_id'])
    .execute();
  await db.schema.createIndex('feed_entries_status').on('feed_entries').column('status_id').execute();
}

export async function down(): Promise<void> {
  throw new Error('The feeds migration cannot be reverted');
}
