import { CryptographicKey } from '@fedify/vocab';
import { describe, expect, it } from 'vitest';
import { MemoryKeyCache } from './key-cache.js';

const keyId = new URL('https://remote.example/users/bob#main-key');
const key = new CryptographicKey({ id: keyId, owner: new URL('https://remote.example/users/bob') });

describe('MemoryKeyCache', () => {
  it('keeps a key five minutes and an unavailable one a minute', async () => {
    let now = 0;
    const cache = new MemoryKeyCache(() => now);
    const missing = new URL('https://remote.example/users/gone#main-key');
    await cache.set(keyId, key);
    await cache.set(missing, null);
    now = 59_000;
    expect(await cache.get(keyId)).toBe(key);
    expect(await cache.get(missing)).toBeNull();
    now = 61_000;
    expect(await cache.get(missing)).toBeUndefined();
    now = 5 * 60_000 + 1;
    expect(await cache.get(keyId)).toBeUndefined();
  });
});
