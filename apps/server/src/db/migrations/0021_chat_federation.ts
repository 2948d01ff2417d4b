import type { Kysely } from 'kysely';

/**
 * Chats across servers (issue #15): a message that came from another server keeps the id its author's server
 * gave it (`uri`, unique), so that replies, reactions, read receipts and deletes naming it find it again. Local
 * messages leave it NULL: their id is computed from the sender and the message id (federation/chat/uris.ts).
 * Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('messages').addColumn('uri', 'text').execute();
  await db.schema.createIndex('messages_uri').unique().on('messages').column('uri').execute();
}

export async function down(): Promise<void> {
  throw new Error('The chat federation migration cannot be reverted');
}
