import type { Kysely } from 'kysely';

/**
 * Mastodon API pieces that need storage: private notes on accounts, dismissed follow suggestions, statuses a
 * filter names, the rules a report cites, the report an admin.report notification is about, and the preview
 * card facts Mastodon's PreviewCard carries (image size, blurhash, image description, author).
 * Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const accountRef = 'accounts.id';

  /** POST /api/v1/accounts/:id/note: what the writer remembers about the target, seen by the writer only */
  await db.schema
    .createTable('account_notes')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('target_account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('account_notes_pk', ['account_id', 'target_account_id'])
    .execute();

  /** DELETE /api/v1/suggestions/:account_id: never suggest that account to this one again */
  await db.schema
    .createTable('suggestion_dismissals')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('target_account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('suggestion_dismissals_pk', ['account_id', 'target_account_id'])
    .execute();

  /** POST /api/v2/filters/:id/statuses: a filter that matches these statuses whatever their words */
  await db.schema
    .createTable('filter_statuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('filter_id', 'text', (c) => c.notNull().references('filters.id').onDelete('cascade'))
    .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('filter_statuses_filter_status', ['filter_id', 'status_id'])
    .execute();

  /** JSON array of instance rule ids the reporter cites */
  await db.schema
    .alterTable('reports')
    .addColumn('rule_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  /** the report an admin.report notification is about */
  await db.schema.alterTable('notifications').addColumn('report_id', 'text').execute();

  await db.schema
    .alterTable('preview_cards')
    .addColumn('width', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('preview_cards')
    .addColumn('height', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('preview_cards').addColumn('blurhash', 'text').execute();
  await db.schema
    .alterTable('preview_cards')
    .addColumn('image_description', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await db.schema
    .alterTable('preview_cards')
    .addColumn('author_name', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The API entities migration cannot be reverted');
}
