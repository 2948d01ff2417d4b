import type { Kysely } from 'kysely';

/**
 * What Mastodon's MediaAttachment meta tells beyond the original's size: the length of a video, an audio file
 * or one loop of an animated image (seconds), and the size of the preview (meta.small), which for a video or
 * an audio file is the thumbnail the client sent. Dialect-neutral like 0001.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('media_attachments').addColumn('duration', 'double precision').execute();
  await db.schema.alterTable('media_attachments').addColumn('preview_width', 'integer').execute();
  await db.schema.alterTable('media_attachments').addColumn('preview_height', 'integer').execute();
}

export async function down(): Promise<void> {
  throw new Error('The media meta migration cannot be reverted');
}
