import type { AppContext } from '../context.js';
import type { DbOrTx } from '../db/index.js';
import { mediaStorageFor } from './storage.js';

/**
 * The media store keys of everything an account stored: its uploads (and copies of its remote media) with
 * their previews, its avatar and header, its encrypted chat files. Read before the account's rows go (they go
 * by cascade), so that its files can follow.
 */
export async function storedKeysOfAccount(db: DbOrTx, accountId: string): Promise<string[]> {
  const media = await db
    .selectFrom('media_attachments')
    .select(['file_path', 'thumbnail_path'])
    .where('account_id', '=', accountId)
    .execute();
  const account = await db
    .selectFrom('accounts')
    .select(['avatar_path', 'header_path'])
    .where('id', '=', accountId)
    .executeTakeFirst();
  const encrypted = await db
    .selectFrom('e2ee_media')
    .select('path')
    .where('account_id', '=', accountId)
    .execute();
  return [
    ...media.flatMap((row) => [row.file_path, row.thumbnail_path]),
    account?.avatar_path ?? null,
    account?.header_path ?? null,
    ...encrypted.map((row) => row.path),
  ].filter((key): key is string => Boolean(key));
}

/** Removes files whose rows are gone; one the store fails to remove only stays behind as an orphan. */
export async function removeStoredKeys(ctx: AppContext, keys: readonly string[]): Promise<void> {
  const storage = mediaStorageFor(ctx);
  for (const key of keys) await storage.remove(key).catch(() => undefined);
}
