import { describe, expect, it } from 'vitest';
import { leafId, verificationStatus, verifiedSetOf, type Leaf } from './verification-state';

const leaf = (actorUri: string, ...key: number[]): Leaf => ({
  actorUri,
  signaturePublicKey: new Uint8Array(key),
});

const ann = leaf('https://a.example/users/ann', 1, 2, 255);
const annPhone = leaf('https://a.example/users/ann', 9, 9);
const ben = leaf('https://b.example/users/ben', 10, 11);

describe('verification state', () => {
  it('names a leaf by its identity and signature key in hex', () => {
    expect(leafId(ann)).toBe('https://a.example/users/ann 0102ff');
  });

  it('is unverified until marked, then verified whatever the order of the leaves', () => {
    expect(verificationStatus([ann, ben], null)).toBe('unverified');
    expect(verificationStatus([ben, ann], verifiedSetOf([ann, ben]))).toBe('verified');
  });

  it('changes when a device joins, leaves, or a key is replaced', () => {
    const verified = verifiedSetOf([ann, ben]);
    expect(verificationStatus([ann, ben, annPhone], verified)).toBe('changed');
    expect(verificationStatus([ann], verified)).toBe('changed');
    expect(verificationStatus([ann, leaf('https://b.example/users/ben', 10, 12)], verified)).toBe('changed');
  });
});
