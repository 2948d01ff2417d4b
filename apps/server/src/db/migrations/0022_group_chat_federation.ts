import type { Kysely } from 'kysely';

/**
 * Group chats across servers (issue #15): a group lives on its creator's server as a `Group` actor. On a member's
 * server, the copy of a group homed elsewhere names that actor (`group_uri`, unique) and its inbox
 * (`group_inbox_url`), where the members of this server send their messages, reactions and receipts. Groups homed
 * here leave both NULL: their actor is `${PUBLIC_URL}/users/group.{id}` (federation/chat/group-actor.ts).
 * Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('conversations').addColumn('group_uri', 'text').execute();
  await db.schema.alterTable('conversations').addColumn('group_inbox_url', 'text').execute();
  await db.schema
    .createIndex('conversations_group_uri')
    .unique()
    .on('conversations')
    .column('group_uri')
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The group chat federation migration cannot be reverted');
}
