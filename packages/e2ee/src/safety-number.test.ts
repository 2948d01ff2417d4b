import { describe, expect, it } from 'vitest';
import { createIdentity, fingerprint } from './identity.js';
import { safetyNumber } from './safety-number.js';

async function member(actorUri: string) {
  const { signaturePublicKey } = await createIdentity(actorUri);
  return { actorUri, signaturePublicKey };
}

describe('safety numbers', () => {
  it('is 60 digits, independent of member order, and changes when a device joins or leaves', async () => {
    const alice = await member('https://a.example/users/alice');
    const bob = await member('https://b.example/users/bob');
    const bobPhone = await member('https://b.example/users/bob');
    const number = await safetyNumber([alice, bob]);
    expect(number).toMatch(/^(\d{5} ){11}\d{5}$/);
    expect(await safetyNumber([bob, alice])).toBe(number);
    expect(await safetyNumber([alice, bob, bobPhone])).not.toBe(number);
    expect(await safetyNumber([alice])).not.toBe(number);
    // the same key under another identity is another membership
    expect(await safetyNumber([alice, { ...bob, actorUri: 'https://evil.example/users/bob' }])).not.toBe(
      number,
    );
  });

  it('fingerprints are SHA-256 hex in groups of 4', async () => {
    const { signaturePublicKey } = await createIdentity('https://a.example/users/alice');
    const print = await fingerprint(signaturePublicKey);
    expect(print).toMatch(/^([0-9a-f]{4} ){15}[0-9a-f]{4}$/);
    expect(await fingerprint(signaturePublicKey)).toBe(print);
  });
});
