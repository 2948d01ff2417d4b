import crypto from 'node:crypto';
import type { AppContext } from '../context.js';
import { loadSecretKeyBase } from '../settings/secret-key.js';

/**
 * A subscription's access token, kept for Mastodon's push payload (`access_token`) without ever being stored in
 * plain text: AES-256-GCM under a key derived (HKDF-SHA256) from the server's secret, bound to its token's row id
 * (additional data) so that a sealed value copied onto another subscription does not open. Stored as
 * base64url(iv ‖ tag ‖ ciphertext).
 */
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_INFO = 'palchat:push-access-token';

const keys = new WeakMap<object, Promise<Buffer>>();

function sealingKey(ctx: AppContext): Promise<Buffer> {
  let key = keys.get(ctx.db);
  if (!key) {
    key = loadSecretKeyBase(ctx.db, ctx.config.secretKeyBase).then((secret) =>
      Buffer.from(crypto.hkdfSync('sha256', secret, Buffer.alloc(0), KEY_INFO, 32)),
    );
    key.catch(() => keys.delete(ctx.db));
    keys.set(ctx.db, key);
  }
  return key;
}

export async function sealAccessToken(ctx: AppContext, tokenId: string, token: string): Promise<string> {
  const iv = crypto.randomBytes(IV_BYTES);
  const cipher = crypto.createCipheriv('aes-256-gcm', await sealingKey(ctx), iv);
  cipher.setAAD(Buffer.from(tokenId));
  const sealed = Buffer.concat([cipher.update(token, 'utf8'), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64url');
}

/** The token, or null when the value does not open (another server secret, another row, tampered). */
export async function openAccessToken(
  ctx: AppContext,
  tokenId: string,
  sealed: string,
): Promise<string | null> {
  const raw = Buffer.from(sealed, 'base64url');
  if (raw.length <= IV_BYTES + TAG_BYTES) return null;
  try {
    const decipher = crypto.createDecipheriv('aes-256-gcm', await sealingKey(ctx), raw.subarray(0, IV_BYTES));
    decipher.setAAD(Buffer.from(tokenId));
    decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES));
    return Buffer.concat([decipher.update(raw.subarray(IV_BYTES + TAG_BYTES)), decipher.final()]).toString(
      'utf8',
    );
  } catch {
    return null;
  }
}
