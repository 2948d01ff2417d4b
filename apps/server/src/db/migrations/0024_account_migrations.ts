import type { Kysely } from 'kysely';

/**
 * Account migration, the local side (issue #15): each time a local account moves away (Mastodon's
 * AccountMigration), with the target it moved to and when, for the cool-down between moves. The aliases a local
 * account declares (`alsoKnownAs`) reuse `accounts.also_known_as_json` (0015). Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('account_migrations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('target_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('acct', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('account_migrations_account')
    .on('account_migrations')
    .columns(['account_id', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The account migrations migration cannot be reverted');
}
