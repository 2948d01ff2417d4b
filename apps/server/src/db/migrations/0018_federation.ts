import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../index.js';

/**
 * Fedify's storage on our own database (federation/kv-store.ts, message-queue.ts, keys.ts):
 * - `federation_kv`: its key–value store (caches, idempotence). Keys are JSON arrays as text, listed by prefix
 *   with a range scan, so PostgreSQL compares them byte-wise (collation "C") as SQLite does.
 * - `federation_queue`: the durable queue every process shares (deliveries, inbox processing). A consumer
 *   claims a row by setting `locked_until` (renewed while it works); a row whose claim ran out is taken again.
 * - `account_keys`: each local account's RSA (HTTP Signatures) and Ed25519 (Object Integrity Proofs) key
 *   pairs as JWK JSON, made on first use; the instance actor's under the account id `instance`.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  const byteOrderedText = isPostgres(db) ? sql`text collate "C"` : sql`text`;
  await db.schema
    .createTable('federation_kv')
    .addColumn('key', byteOrderedText, (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text')
    .execute();
  await db.schema.createIndex('federation_kv_expires').on('federation_kv').column('expires_at').execute();

  await db.schema
    .createTable('federation_queue')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('payload', 'text', (c) => c.notNull())
    /** messages with one ordering key are handled one at a time, oldest first */
    .addColumn('ordering_key', 'text')
    .addColumn('run_at', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('locked_until', 'text')
    .addColumn('locked_by', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('federation_queue_ready')
    .on('federation_queue')
    .columns(['run_at', 'id'])
    .execute();
  await db.schema
    .createIndex('federation_queue_ordering')
    .on('federation_queue')
    .columns(['ordering_key', 'id'])
    .execute();

  await db.schema
    .createTable('account_keys')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('rsa_public_jwk', 'text', (c) => c.notNull())
    .addColumn('rsa_private_jwk', 'text', (c) => c.notNull())
    .addColumn('ed25519_public_jwk', 'text', (c) => c.notNull())
    .addColumn('ed25519_private_jwk', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The federation migration cannot be reverted');
}
