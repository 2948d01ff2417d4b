import { randomBytes } from 'node:crypto';
import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { unprocessable } from '../http/errors.js';
import { newId } from '../lib/ids.js';
import { nowIso } from '../lib/time.js';
import { requireMembership } from '../messaging/access.js';
import { mediaStorageFor } from '../media/storage.js';
import { requireEncryptedChat } from './delivery.js';
import { E2EE_MEDIA_FOLDER } from './media-paths.js';
import * as store from './store.js';
import { storedFileUrl } from '../media/urls.js';

/**
 * Encrypted media: files the browser already encrypted (AES-256-GCM, the key inside the MLS message), stored as
 * is: no probing, no thumbnail, no metadata. Their key (folder) is unguessable; they are served under /system/
 * as application/octet-stream with `Access-Control-Allow-Origin: *`, for remote members' browsers.
 */

export interface EncryptedMedia {
  id: string;
  url: string;
  size: number;
}

export type MediaSource = { data: Buffer } | { path: string; size: number };

export async function storeEncryptedMedia(
  ctx: AppContext,
  viewer: AccountRow,
  source: MediaSource,
  conversationId: string | undefined,
): Promise<EncryptedMedia> {
  const size = 'data' in source ? source.data.length : source.size;
  if (size === 0) throw unprocessable('media.empty');
  if (conversationId) {
    await requireMembership(ctx.db, conversationId, viewer.id);
    await requireEncryptedChat(ctx.db, conversationId);
  }
  const id = newId();
  // random, so that knowing one file's URL (or its id) tells nothing about another's
  const key = `${E2EE_MEDIA_FOLDER}/${randomBytes(24).toString('hex')}.bin`;
  const storage = mediaStorageFor(ctx);
  if ('data' in source) await storage.put(key, source.data, 'application/octet-stream');
  else await storage.putFile(key, source.path, 'application/octet-stream');
  await store.insertMedia(ctx.db, {
    id,
    account_id: viewer.id,
    conversation_id: conversationId ?? null,
    path: key,
    size,
    created_at: nowIso(),
  });
  return { id, url: storedFileUrl(ctx.config, key), size };
}

/** A dissolved chat's encrypted files go with it (rows first, then the files). */
export async function deleteChatMedia(ctx: AppContext, conversationId: string): Promise<void> {
  const rows = await store.deleteMediaOfConversation(ctx.db, conversationId);
  for (const row of rows)
    await mediaStorageFor(ctx)
      .remove(row.path)
      .catch(() => undefined);
}
