import type { Kysely } from 'kysely';

/**
 * Quote posts (Mastodon 4.5, FEP-044f). Dialect-neutral like 0001.
 * - `statuses.quote_policy`: who may quote the status (`public`, `followers`, `nobody`); null for a local status
 *   written before quotes (nobody may quote it) and for a remote status that states no policy (unknown: a quote
 *   asks its author).
 * - `statuses.quotes_count`: its accepted quotes.
 * - `quotes`: one row per quoting status: what it quotes (the status, or its uri while it is not known here), the
 *   authorization's state, the QuoteRequest's id and the QuoteAuthorization's uri.
 * - `posting_defaults.quote_policy`: the account's default for new posts (Mastodon's `source.quote_policy`).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('statuses').addColumn('quote_policy', 'text').execute();
  await db.schema
    .alterTable('statuses')
    .addColumn('quotes_count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema
    .alterTable('posting_defaults')
    .addColumn('quote_policy', 'text', (c) => c.notNull().defaultTo('public'))
    .execute();
  await db.schema
    .createTable('quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('status_id', 'text', (c) => c.notNull().unique().references('statuses.id').onDelete('cascade'))
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('quoted_status_id', 'text')
    .addColumn('quoted_account_id', 'text')
    .addColumn('quoted_uri', 'text')
    /** pending, accepted, rejected or revoked */
    .addColumn('state', 'text', (c) => c.notNull())
    /** our QuoteRequest's id (outgoing) or the remote one we answered (incoming) */
    .addColumn('request_uri', 'text')
    /** the QuoteAuthorization's id: ours at /quote_authorizations/:id, or the remote author's */
    .addColumn('approval_uri', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('quotes_quoted').on('quotes').columns(['quoted_status_id', 'id']).execute();
  await db.schema.createIndex('quotes_quoted_uri').on('quotes').column('quoted_uri').execute();
  await db.schema.createIndex('quotes_approval').on('quotes').column('approval_uri').execute();
}

export async function down(): Promise<void> {
  throw new Error('The quote posts migration cannot be reverted');
}
