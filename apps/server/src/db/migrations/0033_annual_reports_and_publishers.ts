import type { Kysely } from 'kysely';

/**
 * Mastodon API gaps (issue 31): generated annual reports ("Wrapstodon", one per account and year, kept as
 * generated), the moderators' review of link publishers (Mastodon's PreviewCardProvider: a rejected publisher's
 * links stop trending), and the app an account signed up with (the admin `sources` dimension).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('annual_reports')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('year', 'integer', (c) => c.notNull())
    .addColumn('schema_version', 'integer', (c) => c.notNull())
    .addColumn('data', 'text', (c) => c.notNull())
    .addColumn('viewed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('annual_reports_pkey', ['account_id', 'year'])
    .execute();

  await db.schema
    .createTable('link_publishers')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('trendable', 'integer', (c) => c.notNull())
    .addColumn('reviewed_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema.alterTable('users').addColumn('created_by_app_id', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('users').dropColumn('created_by_app_id').execute();
  await db.schema.dropTable('link_publishers').execute();
  await db.schema.dropTable('annual_reports').execute();
}
