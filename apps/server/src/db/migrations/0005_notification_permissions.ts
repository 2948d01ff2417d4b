import type { Kysely } from 'kysely';

/**
 * Mastodon's NotificationPermission: accepting a notification request lets that sender's later notifications
 * through whatever the policy says. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('notification_permissions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('from_account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('notification_permissions_pair', ['account_id', 'from_account_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The notification permissions migration cannot be reverted');
}
