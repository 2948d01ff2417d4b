import type { Kysely } from 'kysely';

/**
 * End-to-end encrypted chats (issue 33, docs/E2EE-API.md): the server is the MLS Delivery Service and directory.
 * Devices (one MLS client per browser: only its public signature key), their key packages (each handed out
 * once), the ordered opaque MLS envelopes of each encrypted chat with every device's read cursor, the encrypted
 * media files, and the leaves some member must remove by a commit. Conversations learn whether they are encrypted,
 * their MLS group id, current epoch and envelope counter; reports keep what a reporter chose to reveal.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('e2ee_devices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('signature_public_key', 'text', (c) => c.notNull())
    .addColumn('fingerprint', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('last_active_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .execute();
  await db.schema.createIndex('e2ee_devices_account').on('e2ee_devices').column('account_id').execute();

  await db.schema
    .createTable('e2ee_key_packages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    // null for a remote actor's key package (its devices are not known here)
    .addColumn('device_id', 'text', (c) => c.references('e2ee_devices.id').onDelete('cascade'))
    .addColumn('key_package', 'text', (c) => c.notNull())
    .addColumn('ref', 'text', (c) => c.notNull().unique())
    // hex of the leaf's signature key: tells a remote actor's devices apart
    .addColumn('signature_key', 'text', (c) => c.notNull())
    // the KeyPackage object of a remote actor (null for ours)
    .addColumn('remote_uri', 'text', (c) => c.unique())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('claimed_at', 'text')
    .addColumn('claimed_by', 'text')
    .execute();
  await db.schema
    .createIndex('e2ee_key_packages_free')
    .on('e2ee_key_packages')
    .columns(['account_id', 'claimed_at'])
    .execute();
  await db.schema
    .createIndex('e2ee_key_packages_device')
    .on('e2ee_key_packages')
    .column('device_id')
    .execute();

  await db.schema
    .alterTable('conversations')
    .addColumn('encrypted', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('conversations').addColumn('mls_group_id', 'text').execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('mls_epoch', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('conversations')
    .addColumn('mls_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('conversations').addColumn('mls_home_uri', 'text').execute();
  // the newest encrypted message that counts (not a signal): the list's preview says who and when, never what
  await db.schema.alterTable('conversations').addColumn('mls_last_message_id', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('mls_last_sender_id', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('mls_last_message_at', 'text').execute();
  await db.schema
    .createIndex('conversations_mls_group_id')
    .unique()
    .on('conversations')
    .column('mls_group_id')
    .execute();

  await db.schema
    .createTable('e2ee_envelopes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('sender_id', 'text', (c) => c.notNull())
    .addColumn('sender_device_id', 'text')
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('epoch', 'integer', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('signal', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('target_device_id', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('remote_id', 'text', (c) => c.unique())
    .addUniqueConstraint('e2ee_envelopes_seq', ['conversation_id', 'seq'])
    .execute();
  await db.schema.createIndex('e2ee_envelopes_created').on('e2ee_envelopes').column('created_at').execute();
  await db.schema
    .createIndex('e2ee_envelopes_target')
    .on('e2ee_envelopes')
    .column('target_device_id')
    .execute();

  await db.schema
    .createTable('e2ee_cursors')
    .addColumn('device_id', 'text', (c) => c.notNull().references('e2ee_devices.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('joined_seq', 'integer', (c) => c.notNull())
    .addColumn('acked_seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('e2ee_cursors_pkey', ['device_id', 'conversation_id'])
    .execute();
  await db.schema
    .createIndex('e2ee_cursors_conversation')
    .on('e2ee_cursors')
    .column('conversation_id')
    .execute();

  await db.schema
    .createTable('e2ee_media')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
    .addColumn('conversation_id', 'text')
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('e2ee_media_created').on('e2ee_media').column('created_at').execute();

  await db.schema
    .createTable('e2ee_pending_removals')
    .addColumn('conversation_id', 'text', (c) =>
      c.notNull().references('conversations.id').onDelete('cascade'),
    )
    .addColumn('device_id', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('e2ee_pending_removals_pkey', ['conversation_id', 'device_id'])
    .execute();

  await db.schema.alterTable('reports').addColumn('revealed_messages', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('The encrypted chats migration cannot be reverted');
}
