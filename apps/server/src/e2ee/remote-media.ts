import type { AccountRow } from '../auth/viewer.js';
import type { AppContext } from '../context.js';
import { ApiError, notFound, unprocessable } from '../http/errors.js';
import { PALCHAT_VERSION, VIDEO_SIZE_LIMIT } from '../instance/limits.js';
import { fetchLimited } from '../lib/safe-fetch.js';
import * as store from './store.js';

/**
 * An encrypted file that a member on another server uploaded there, read for this person's browser: the page's
 * content policy lets it read only this origin, and the other server learns this server's address, not the
 * reader's. Only from the servers of people this person shares an encrypted chat with (never an open proxy),
 * through the safe fetch (no private address unless configured), at most the media size limit. The bytes are
 * ciphertext: their key is inside an MLS message this server cannot read.
 */
export async function readRemoteEncryptedMedia(
  ctx: AppContext,
  viewer: AccountRow,
  url: string,
): Promise<Buffer> {
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    throw unprocessable('e2ee.not_a_url');
  }
  const { config } = ctx;
  const schemes = config.federation.allowPrivateAddresses ? ['https:', 'http:'] : ['https:'];
  if (!schemes.includes(target.protocol)) throw unprocessable('e2ee.https_only');
  if (!(await store.sharesEncryptedChatWithDomain(ctx.db, viewer.id, target.host)))
    throw notFound('e2ee.no_chat_on_server');
  const file = await fetchLimited(
    target.href,
    {
      allowedPrivateAddresses: config.allowedPrivateAddresses,
      allowAnyPrivateAddress: config.federation.allowPrivateAddresses,
      timeoutMs: config.remoteMedia.timeoutMs,
      userAgent: `Palchat/${PALCHAT_VERSION} (+${config.publicUrl})`,
    },
    () => true,
    VIDEO_SIZE_LIMIT + 1,
  );
  if (!file) throw notFound('e2ee.file_unreadable');
  if (file.data.length > VIDEO_SIZE_LIMIT) throw new ApiError(413, 'http.file_too_large');
  return file.data;
}
