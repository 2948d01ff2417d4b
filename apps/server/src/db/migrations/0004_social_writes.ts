import type { Kysely } from 'kysely';

/**
 * Posting and its companions: edit history, idempotency keys, polls, preview cards, conversation mutes,
 * filters, featured tags, endorsements, notification policies, instance rules and documents, and report
 * columns for reported statuses and moderation. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const accountRef = 'accounts.id';
  const statusRef = 'statuses.id';

  /** one row per version of an edited status, the original included (Mastodon's StatusEdit) */
  await db.schema
    .createTable('status_edits')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status_id', 'text', (c) => c.notNull().references(statusRef).onDelete('cascade'))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('spoiler_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    /** JSON array of media ids */
    .addColumn('media_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    /** JSON array of option titles, or null without a poll */
    .addColumn('poll_options', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('status_edits_status')
    .on('status_edits')
    .columns(['status_id', 'id'])
    .execute();

  /** Idempotency-Key header of POST /api/v1/statuses: a retried request answers the status made first */
  await db.schema
    .createTable('status_idempotency')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('status_id', 'text', (c) => c.notNull().references(statusRef).onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('status_idempotency_pk', ['account_id', 'key'])
    .execute();

  await db.schema
    .createTable('polls')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status_id', 'text', (c) => c.notNull().unique().references(statusRef).onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    /** JSON array of option titles */
    .addColumn('options', 'text', (c) => c.notNull())
    .addColumn('multiple', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hide_totals', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('expires_at', 'text', (c) => c.notNull())
    /** set once the "poll ended" notifications went out */
    .addColumn('ended_notified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('polls_expiry').on('polls').columns(['ended_notified', 'expires_at']).execute();

  await db.schema
    .createTable('poll_votes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('poll_id', 'text', (c) => c.notNull().references('polls.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('choice', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('poll_votes_once', ['poll_id', 'account_id', 'choice'])
    .execute();

  /** OpenGraph metadata of a linked URL; a failed fetch is remembered too (title empty) */
  await db.schema
    .createTable('preview_cards')
    .addColumn('url', 'text', (c) => c.primaryKey())
    .addColumn('title', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('image', 'text')
    .addColumn('provider_name', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('fetched_at', 'text', (c) => c.notNull())
    .execute();

  /** "mute conversation": no more notifications from the thread */
  await db.schema
    .createTable('conversation_mutes')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('conversation_mutes_pk', ['account_id', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('filters')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    /** JSON array of home, notifications, public, thread, account */
    .addColumn('context', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull().defaultTo('warn'))
    .addColumn('expires_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('filters_account').on('filters').column('account_id').execute();

  await db.schema
    .createTable('filter_keywords')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('filter_id', 'text', (c) => c.notNull().references('filters.id').onDelete('cascade'))
    .addColumn('keyword', 'text', (c) => c.notNull())
    .addColumn('whole_word', 'integer', (c) => c.notNull().defaultTo(1))
    .execute();
  await db.schema.createIndex('filter_keywords_filter').on('filter_keywords').column('filter_id').execute();

  await db.schema
    .createTable('featured_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('featured_tags_pair', ['account_id', 'tag_id'])
    .execute();

  /** accounts a person features on their profile ("endorsements", POST /accounts/:id/pin) */
  await db.schema
    .createTable('endorsements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('target_account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('endorsements_pair', ['account_id', 'target_account_id'])
    .execute();

  /** Mastodon's v2 notification policy: accept, filter (→ notification requests) or drop */
  await db.schema
    .createTable('notification_policies')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references(accountRef).onDelete('cascade'))
    .addColumn('for_not_following', 'text', (c) => c.notNull().defaultTo('accept'))
    .addColumn('for_not_followers', 'text', (c) => c.notNull().defaultTo('accept'))
    .addColumn('for_new_accounts', 'text', (c) => c.notNull().defaultTo('accept'))
    .addColumn('for_private_mentions', 'text', (c) => c.notNull().defaultTo('filter'))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('instance_rules')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('hint', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  /**
   * extended_description and privacy_policy keep their latest row; terms_of_service keeps one row per
   * effective date (the dated versions of /terms-of-service/:date).
   */
  await db.schema
    .createTable('instance_documents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('effective_date', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('instance_documents_version', ['kind', 'effective_date'])
    .execute();

  await db.schema
    .alterTable('reports')
    .addColumn('status_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .execute();
  await db.schema
    .alterTable('reports')
    .addColumn('action_taken_by_account_id', 'text', (c) => c.references(accountRef).onDelete('set null'))
    .execute();
  await db.schema.alterTable('reports').addColumn('updated_at', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('The social writes migration cannot be reverted');
}
