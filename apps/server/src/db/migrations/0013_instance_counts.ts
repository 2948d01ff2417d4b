import type { Kysely } from 'kysely';

/**
 * The instance's figures (accounts, statuses, monthly active accounts) as last counted, with when (epoch ms):
 * every process serves them until they are a minute old instead of counting every account per request.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('instance_counts')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('users', 'bigint', (c) => c.notNull())
    .addColumn('statuses', 'bigint', (c) => c.notNull())
    .addColumn('active_month', 'bigint', (c) => c.notNull())
    .addColumn('counted_at', 'bigint', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The instance counts migration cannot be reverted');
}
