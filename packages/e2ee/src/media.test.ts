import { describe, expect, it } from 'vitest';
import { fromBase64, toHex } from './bytes.js';
import { decryptMedia, encryptMedia, MediaIntegrityError } from './media.js';

const file = new Uint8Array(4096).map((_, i) => (i * 7) % 256);

describe('media', () => {
  it('encrypts with a fresh key per file and decrypts after checking the digest', async () => {
    const one = await encryptMedia(file, 'image/png');
    const two = await encryptMedia(new Blob([file]), 'image/png');
    expect(one.keys).toMatchObject({ mediaType: 'image/png', size: file.length });
    expect(fromBase64(one.keys.key)).toHaveLength(32);
    expect(fromBase64(one.keys.iv)).toHaveLength(12);
    expect(one.keys.key).not.toBe(two.keys.key);
    expect(toHex(one.ciphertext)).not.toContain(toHex(file.subarray(0, 16)));
    expect(await decryptMedia(one.ciphertext, one.keys)).toEqual(file);
    expect(await decryptMedia(two.ciphertext, two.keys)).toEqual(file);
  });

  it('refuses a tampered file, a swapped digest and a wrong key', async () => {
    const { ciphertext, keys } = await encryptMedia(file, 'image/png');
    const tampered = new Uint8Array(ciphertext);
    tampered[10]! ^= 1;
    await expect(decryptMedia(tampered, keys)).rejects.toBeInstanceOf(MediaIntegrityError);
    const other = await encryptMedia(file, 'image/png');
    await expect(decryptMedia(ciphertext, { ...keys, digest: other.keys.digest })).rejects.toBeInstanceOf(
      MediaIntegrityError,
    );
    await expect(decryptMedia(ciphertext, { ...keys, key: other.keys.key })).rejects.toBeInstanceOf(
      MediaIntegrityError,
    );
  });
});
