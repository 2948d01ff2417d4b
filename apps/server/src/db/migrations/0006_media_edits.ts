import type { Kysely } from 'kysely';

/**
 * Media editing the Mastodon way: a focal point per attachment (PUT /api/v1/media/:id, `media_attributes` on a
 * status edit), and the descriptions each status edit had (its history shows them as they were then).
 * Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media_attachments').addColumn('focus_x', 'double precision').execute();
  await db.schema.alterTable('media_attachments').addColumn('focus_y', 'double precision').execute();
  await db.schema.alterTable('status_edits').addColumn('media_descriptions', 'text').execute();
}

export async function down(): Promise<void> {
  throw new Error('The media edits migration cannot be reverted');
}
