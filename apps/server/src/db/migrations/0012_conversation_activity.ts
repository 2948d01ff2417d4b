import { sql, type Kysely } from 'kysely';

/**
 * The friend-message conversation list paginated by cursor: every participation carries the id of its
 * conversation's newest activity (its newest message, or the conversation's own id before the first), the list's
 * order and its max_id / since_id / min_id cursor, so that a page reads `limit` index entries whatever the number
 * of conversations. Dialect-neutral.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('conversation_participants')
    .addColumn('activity_id', 'text', (c) => c.notNull().defaultTo(''))
    .execute();
  await sql`
    update conversation_participants set activity_id = coalesce(
      (select max(m.id) from messages m where m.conversation_id = conversation_participants.conversation_id),
      conversation_participants.conversation_id
    )`.execute(db);
  await db.schema
    .createIndex('conversation_participants_activity')
    .on('conversation_participants')
    .columns(['account_id', 'hidden', 'activity_id'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The conversation activity migration cannot be reverted');
}
