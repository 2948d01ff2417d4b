/** The parts of http_ece (web-push's encryption library) the push tests use to read what arrives. */
declare module 'http_ece' {
  import type { ECDH } from 'node:crypto';
  export function decrypt(
    buffer: Buffer,
    params: {
      version: 'aes128gcm' | 'aesgcm';
      privateKey: ECDH;
      authSecret: string;
      dh?: string;
      salt?: string;
    },
  ): Buffer;
}
