import type { Kysely } from 'kysely';

/**
 * Delivery health (issue #15, phase 2):
 * - `unavailable_domains`: servers whose delivery circuit opened (Fedify's circuit breaker); a server failing
 *   for days is skipped by deliveries until it answers again (its circuit closes, or it sends us something).
 * - `accounts.gone_at`: a remote actor whose inbox answered `410 Gone`; nothing is delivered to it anymore.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('unavailable_domains')
    .addColumn('domain', 'text', (c) => c.primaryKey())
    .addColumn('failing_since', 'text', (c) => c.notNull())
    .execute();
  await db.schema.alterTable('accounts').addColumn('gone_at', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('The federation delivery migration cannot be reverted');
}
