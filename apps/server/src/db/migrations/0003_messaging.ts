import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index.js';

/**
 * Friend messaging (direct and group chats), uploaded media, reports, and the message search index:
 * FTS5 with triggers on SQLite, a GIN expression index on PostgreSQL.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const accountRef = 'accounts.id';

  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text')
    .addColumn('is_group', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('creator_id', 'text', (c) => c.references(accountRef).onDelete('set null'))
    .addColumn('admin_id', 'text', (c) => c.references(accountRef).onDelete('set null'))
    /** "<smaller id>:<larger id>" for direct chats: the unique key that prevents a duplicate pair */
    .addColumn('direct_key', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('conversation_participants')
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('joined_at', 'text', (c) => c.notNull())
    .addColumn('unread_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('last_read_message_id', 'text')
    /** how far read receipts were recorded (only advanced while read receipts are on) */
    .addColumn('receipt_message_id', 'text')
    /** messages up to this id are gone for this participant ("Delete Chat" of a direct conversation) */
    .addColumn('cleared_message_id', 'text')
    .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('typing_indicator_enabled', 'integer')
    .addColumn('read_receipts_enabled', 'integer')
    .addPrimaryKeyConstraint('conversation_participants_pk', ['conversation_id', 'account_id'])
    .execute();
  await db.schema
    .createIndex('conversation_participants_account')
    .on('conversation_participants')
    .columns(['account_id', 'conversation_id'])
    .execute();

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('sender_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('is_system_message', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('reply_to_message_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('messages_conversation')
    .on('messages')
    .columns(['conversation_id', 'id'])
    .execute();

  await db.schema
    .createTable('message_reactions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('emoji', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addUniqueConstraint('message_reactions_once', ['message_id', 'account_id', 'emoji'])
    .execute();

  await db.schema
    .createTable('message_deletions')
    .addColumn('message_id', 'text', (c) => c.notNull().references('messages.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('message_deletions_pk', ['account_id', 'message_id'])
    .execute();

  await db.schema
    .createTable('messaging_preferences')
    .addColumn('account_id', 'text', (c) => c.primaryKey().references(accountRef).onDelete('cascade'))
    .addColumn('typing_indicator_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('read_receipts_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('active_status_enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('media_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('file_path', 'text', (c) => c.notNull())
    .addColumn('thumbnail_path', 'text')
    .addColumn('content_type', 'text', (c) => c.notNull())
    .addColumn('file_size', 'integer', (c) => c.notNull())
    .addColumn('width', 'integer')
    .addColumn('height', 'integer')
    .addColumn('blurhash', 'text')
    .addColumn('description', 'text')
    .addColumn('status_id', 'text')
    .addColumn('message_id', 'text', (c) => c.references('messages.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('media_attachments_message')
    .on('media_attachments')
    .column('message_id')
    .execute();
  await db.schema
    .createIndex('media_attachments_status')
    .on('media_attachments')
    .column('status_id')
    .execute();

  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references(accountRef).onDelete('cascade'))
    .addColumn('target_account_id', 'text', (c) => c.references(accountRef).onDelete('cascade'))
    .addColumn('conversation_id', 'text')
    .addColumn('message_ids', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('category', 'text', (c) => c.notNull())
    .addColumn('comment', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('forwarded', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('action_taken_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('reports_created').on('reports').column('created_at').execute();

  if (isPostgres(db)) {
    await sql`create index messages_content_search on messages using gin (to_tsvector('simple', content))`.execute(
      db,
    );
  } else {
    // External-content FTS5 table over messages' implicit rowid, kept in step by triggers.
    await sql`create virtual table messages_fts using fts5(content, content='messages', content_rowid='rowid', tokenize='unicode61 remove_diacritics 2')`.execute(
      db,
    );
    await sql`create trigger messages_fts_insert after insert on messages begin
      insert into messages_fts(rowid, content) values (new.rowid, new.content);
    end`.execute(db);
    await sql`create trigger messages_fts_delete after delete on messages begin
      insert into messages_fts(messages_fts, rowid, content) values ('delete', old.rowid, old.content);
    end`.execute(db);
    await sql`create trigger messages_fts_update after update of content on messages begin
      insert into messages_fts(messages_fts, rowid, content) values ('delete', old.rowid, old.content);
      insert into messages_fts(rowid, content) values (new.rowid, new.content);
    end`.execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('The messaging migration cannot be reverted');
}
