/**
 * Encrypted media: each file gets a fresh AES-256-GCM key and IV (WebCrypto); the server stores only the
 * ciphertext. Key, IV and the SHA-256 of the ciphertext travel inside the MLS message (app-data.ts), so a
 * recipient checks the digest before decrypting and a swapped file is refused.
 */
import { buffer, equalBytes, fromBase64, sha256, toBase64 } from './bytes.js';

export interface MediaKeys {
  /** base64 raw AES-256 key */
  key: string;
  /** base64 12-byte IV */
  iv: string;
  /** base64 SHA-256 of the ciphertext */
  digest: string;
  mediaType: string;
  /** plaintext size in bytes */
  size: number;
}

export class MediaIntegrityError extends Error {
  override name = 'MediaIntegrityError';
}

export async function encryptMedia(
  file: Uint8Array | Blob,
  mediaType: string,
): Promise<{ ciphertext: Uint8Array; keys: MediaKeys }> {
  const plaintext = file instanceof Uint8Array ? file : new Uint8Array(await file.arrayBuffer());
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.generateKey({ name: 'AES-GCM', length: 256 }, true, ['encrypt']);
  const iv = globalThis.crypto.getRandomValues(new Uint8Array(12));
  const ciphertext = new Uint8Array(await subtle.encrypt({ name: 'AES-GCM', iv }, key, buffer(plaintext)));
  const rawKey = new Uint8Array(await subtle.exportKey('raw', key));
  return {
    ciphertext,
    keys: {
      key: toBase64(rawKey),
      iv: toBase64(iv),
      digest: toBase64(await sha256(ciphertext)),
      mediaType,
      size: plaintext.length,
    },
  };
}

export async function decryptMedia(
  ciphertext: Uint8Array,
  keys: Pick<MediaKeys, 'key' | 'iv' | 'digest'>,
): Promise<Uint8Array> {
  if (!equalBytes(await sha256(ciphertext), fromBase64(keys.digest))) {
    throw new MediaIntegrityError('The file does not match its digest');
  }
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', buffer(fromBase64(keys.key)), { name: 'AES-GCM' }, false, [
    'decrypt',
  ]);
  try {
    const iv = buffer(fromBase64(keys.iv));
    return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv }, key, buffer(ciphertext)));
  } catch {
    throw new MediaIntegrityError('The file could not be decrypted');
  }
}
