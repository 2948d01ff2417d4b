import type { Kysely } from 'kysely';

/**
 * The remote host a queued delivery goes to (null for every other message), so that a consumer can skip the
 * hosts it already has enough deliveries in flight to (federation/message-queue.ts): one slow server then holds
 * a few of its slots, never all of them.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('federation_queue').addColumn('host', 'text').execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('federation_queue').dropColumn('host').execute();
}
