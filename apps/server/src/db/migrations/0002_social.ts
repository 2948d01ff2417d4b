import type { Kysely } from 'kysely';

/**
 * The social graph and timeline tables the client's read endpoints answer from. Minimal on purpose: the
 * social-core issue extends them (posting, media, polls, cards). Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const accountRef = 'accounts.id';

  await db.schema
    .createTable('statuses')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('in_reply_to_id', 'text')
    .addColumn('in_reply_to_account_id', 'text')
    .addColumn('reblog_of_id', 'text')
    /** the thread a status belongs to: private mentions are grouped into Mastodon conversations by it */
    .addColumn('conversation_id', 'text')
    .addColumn('text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('spoiler_text', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('visibility', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text')
    .addColumn('local', 'integer', (c) => c.notNull().defaultTo(1))
    /** the first link of the text: its preview card and the link timeline use it */
    .addColumn('link_url', 'text')
    .addColumn('replies_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reblogs_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('favourites_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('edited_at', 'text')
    .addColumn('deleted_at', 'text')
    .execute();
  await db.schema.createIndex('statuses_account').on('statuses').columns(['account_id', 'id']).execute();
  await db.schema.createIndex('statuses_reply').on('statuses').column('in_reply_to_id').execute();
  await db.schema.createIndex('statuses_reblog').on('statuses').column('reblog_of_id').execute();
  await db.schema.createIndex('statuses_conversation').on('statuses').column('conversation_id').execute();
  await db.schema.createIndex('statuses_link').on('statuses').column('link_url').execute();

  await db.schema
    .createTable('status_mentions')
    .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addPrimaryKeyConstraint('status_mentions_pk', ['status_id', 'account_id'])
    .execute();
  await db.schema.createIndex('status_mentions_account').on('status_mentions').column('account_id').execute();

  await db.schema
    .createTable('status_pins')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('status_pins_pk', ['account_id', 'status_id'])
    .execute();

  /** media ids attached to a status, in order; the media table itself belongs to the media module */
  await db.schema
    .createTable('status_media')
    .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addColumn('media_id', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('status_media_pk', ['status_id', 'media_id'])
    .execute();

  await db.schema
    .createTable('tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('name_lower', 'text', (c) => c.notNull().unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('status_tags')
    .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addPrimaryKeyConstraint('status_tags_pk', ['status_id', 'tag_id'])
    .execute();
  await db.schema.createIndex('status_tags_tag').on('status_tags').columns(['tag_id', 'status_id']).execute();

  for (const table of ['favourites', 'bookmarks'] as const) {
    await db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
      .addColumn('status_id', 'text', (c) => c.notNull().references('statuses.id').onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull())
      .addUniqueConstraint(`${table}_pair`, ['account_id', 'status_id'])
      .execute();
    await db.schema.createIndex(`${table}_status`).on(table).column('status_id').execute();
  }

  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('from_account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('status_id', 'text', (c) => c.references('statuses.id').onDelete('cascade'))
    /** held back by the recipient's notification filters: listed under notification requests */
    .addColumn('filtered', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('read', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('notifications_account')
    .on('notifications')
    .columns(['account_id', 'id'])
    .execute();

  await db.schema
    .createTable('lists')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('replies_policy', 'text', (c) => c.notNull().defaultTo('list'))
    .addColumn('exclusive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('lists_account').on('lists').column('account_id').execute();

  await db.schema
    .createTable('list_accounts')
    .addColumn('list_id', 'text', (c) => c.notNull().references('lists.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('list_accounts_pk', ['list_id', 'account_id'])
    .execute();
  await db.schema.createIndex('list_accounts_account').on('list_accounts').column('account_id').execute();

  await db.schema
    .createTable('followed_tags')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('tag_id', 'text', (c) => c.notNull().references('tags.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('followed_tags_pair', ['account_id', 'tag_id'])
    .execute();

  for (const table of ['blocks', 'mutes'] as const) {
    let builder = db.schema
      .createTable(table)
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
      .addColumn('target_account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
      .addColumn('created_at', 'text', (c) => c.notNull());
    if (table === 'mutes') {
      builder = builder
        .addColumn('hide_notifications', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('expires_at', 'text');
    }
    await builder.addUniqueConstraint(`${table}_pair`, ['account_id', 'target_account_id']).execute();
    await db.schema.createIndex(`${table}_target`).on(table).column('target_account_id').execute();
  }

  await db.schema
    .createTable('domain_blocks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('domain', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('domain_blocks_pair', ['account_id', 'domain'])
    .execute();

  await db.schema
    .createTable('markers')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('timeline', 'text', (c) => c.notNull())
    .addColumn('last_read_id', 'text', (c) => c.notNull())
    .addColumn('version', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('markers_pk', ['account_id', 'timeline'])
    .execute();

  /** how far an account has read each private-mention conversation */
  await db.schema
    .createTable('conversation_reads')
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) => c.notNull())
    .addColumn('last_read_status_id', 'text', (c) => c.notNull())
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addPrimaryKeyConstraint('conversation_reads_pk', ['account_id', 'conversation_id'])
    .execute();

  /** CredentialAccount.source: default visibility, sensitivity and language of new posts */
  await db.schema
    .createTable('posting_defaults')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references(accountRef).onDelete('cascade'))
    .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('public'))
    .addColumn('sensitive', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('language', 'text')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The social migration cannot be reverted');
}
