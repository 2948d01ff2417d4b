import type { Kysely } from 'kysely';

/**
 * The admin API's moderation state and Web Push: account limits (silenced, suspended, media forced
 * sensitive), report assignment, server-wide blocks (domains, e-mail domains, canonical e-mails, IP ranges),
 * allowed domains, and one push subscription per access token. `instance_domain_blocks` carries Mastodon's
 * whole DomainBlock so that federation can enforce it. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const column of ['silenced_at', 'suspended_at', 'sensitized_at'])
    await db.schema.alterTable('accounts').addColumn(column, 'text').execute();
  await db.schema
    .alterTable('reports')
    .addColumn('assigned_account_id', 'text', (c) => c.references('accounts.id').onDelete('set null'))
    .execute();

  await db.schema
    .createTable('instance_domain_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('reject_media', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reject_reports', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('private_comment', 'text')
    .addColumn('public_comment', 'text')
    .addColumn('obfuscate', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('instance_domain_allows')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('email_domain_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('domain', 'text', (c) => c.notNull().unique())
    .addColumn('allow_with_approval', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('canonical_email_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('canonical_email_hash', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('ip_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ip', 'text', (c) => c.notNull().unique())
    .addColumn('severity', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('push_subscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('token_id', 'text', (c) =>
      c.notNull().unique().references('oauth_tokens.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull())
    .addColumn('key_p256dh', 'text', (c) => c.notNull())
    .addColumn('key_auth', 'text', (c) => c.notNull())
    .addColumn('alerts', 'text', (c) => c.notNull())
    .addColumn('policy', 'text', (c) => c.notNull())
    .addColumn('standard', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('push_subscriptions_account')
    .on('push_subscriptions')
    .column('account_id')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The admin and push migration cannot be reverted');
}
