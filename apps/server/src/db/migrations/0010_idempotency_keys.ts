import { sql, type Kysely } from 'kysely';

/**
 * One table for the Idempotency-Key header of every create that takes it (POST /api/v1/statuses and
 * POST /api/v1/friend_messages), replacing status_idempotency: the key is unique per account and kind, so that
 * two concurrent requests with one key, on any process, make one thing. Rows live an hour (Mastodon's), then
 * a periodic sweep removes them, hence the index on created_at. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotency_keys')
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    /** what the key made: 'status' or 'message' */
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    /** the id of the status or message the first request made */
    .addColumn('resource_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotency_keys_pk', ['account_id', 'kind', 'key'])
    .execute();
  await db.schema
    .createIndex('idempotency_keys_created')
    .on('idempotency_keys')
    .column('created_at')
    .execute();
  await sql`
    insert into idempotency_keys (account_id, kind, "key", resource_id, created_at)
    select account_id, 'status', "key", status_id, created_at from status_idempotency
  `.execute(db);
  await db.schema.dropTable('status_idempotency').execute();
}

export async function down(): Promise<void> {
  throw new Error('The idempotency keys migration cannot be reverted');
}
