import type { Kysely } from 'kysely';

/**
 * The access token a Web Push subscription belongs to, sealed with a key derived from the server's secret
 * (push/sealed-token.ts): Mastodon's push payloads carry it. Subscriptions made before this have none.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').addColumn('sealed_access_token', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('push_subscriptions').dropColumn('sealed_access_token').execute();
}
