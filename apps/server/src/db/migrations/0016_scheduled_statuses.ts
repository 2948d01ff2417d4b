import type { Kysely } from 'kysely';

/**
 * Scheduled statuses (POST /api/v1/statuses with scheduled_at): the status as written, kept until a periodic
 * sweep publishes it. A sweep claims a due row (claimed_at) before publishing it, so that one process publishes
 * it; a claim older than a few minutes is taken to have died with its process. The uploads a scheduled status
 * will carry are reserved for it (media_attachments.scheduled_status_id). Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('scheduled_statuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('scheduled_at', 'text', (c) => c.notNull())
    /** Mastodon's `params`: the status as posted, JSON */
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('scheduled_statuses_account')
    .on('scheduled_statuses')
    .columns(['account_id', 'id'])
    .execute();
  await db.schema
    .createIndex('scheduled_statuses_due')
    .on('scheduled_statuses')
    .column('scheduled_at')
    .execute();
  await db.schema
    .alterTable('media_attachments')
    .addColumn('scheduled_status_id', 'text', (c) =>
      c.references('scheduled_statuses.id').onDelete('set null'),
    )
    .execute();
  await db.schema
    .createIndex('media_attachments_scheduled_status')
    .on('media_attachments')
    .column('scheduled_status_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The scheduled statuses migration cannot be reverted');
}
