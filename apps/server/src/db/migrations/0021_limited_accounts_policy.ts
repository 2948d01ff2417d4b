import type { Kysely } from 'kysely';

/**
 * Notification policy for limited accounts (Mastodon 4.3's `for_limited_accounts`): what happens to notifications
 * from accounts a moderator limited (silenced), or whose server is limited, when the recipient does not follow
 * them. Mastodon's default is to filter them. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('notification_policies')
    .addColumn('for_limited_accounts', 'text', (c) => c.notNull().defaultTo('filter'))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The limited-accounts policy migration cannot be reverted');
}
