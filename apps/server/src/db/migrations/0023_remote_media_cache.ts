import type { Kysely } from 'kysely';

/**
 * Remote media cached here (Mastodon's downloaded remote attachments, avatars and headers): when a download of a
 * remote attachment, or of a remote account's avatar and header, was last asked for. A file not cached (never
 * fetched, failed, or pruned by `media remove`) is served from its server; a later view asks again once the
 * last request is old enough, and pruning clears the time so that the next view asks at once.
 * Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media_attachments').addColumn('remote_cache_requested_at', 'text').execute();
  await db.schema.alterTable('accounts').addColumn('images_cache_requested_at', 'text').execute();
  // the prune command reads remote media by age
  await db.schema
    .createIndex('media_attachments_remote_created')
    .on('media_attachments')
    .columns(['remote_url', 'created_at'])
    .execute();
}

export async function down(): Promise<void> {
  throw new Error('The remote media cache migration cannot be reverted');
}
