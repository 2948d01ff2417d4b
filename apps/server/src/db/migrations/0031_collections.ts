import type { Kysely } from 'kysely';

/**
 * Mastodon 4.6 Collections: a person's named, curated list of up to 25 accounts recommended to others, and the
 * notification an account gets when it is added to one.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('collections')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('language', 'text')
    .addColumn('tag_id', 'text', (c) => c.references('tags.id').onDelete('set null'))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('discoverable', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('collections_account').on('collections').column('account_id').execute();

  await db.schema
    .createTable('collection_items')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('collection_id', 'text', (c) => c.notNull().references('collections.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** pending, accepted, rejected or revoked (Mastodon's CollectionItem states) */
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('collection_items_pair', ['collection_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('collection_items_account')
    .on('collection_items')
    .column('account_id')
    .execute();

  /** added_to_collection notifications name the collection */
  await db.schema.alterTable('notifications').addColumn('collection_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('notifications').dropColumn('collection_id').execute();
  await db.schema.dropTable('collection_items').execute();
  await db.schema.dropTable('collections').execute();
}
