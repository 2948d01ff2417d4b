import { describe, expect, it } from 'vitest';
import { utf8 } from './bytes.js';
import { welcomeKeyPackageRefs, addMembers, createGroup } from './group.js';
import { createIdentity } from './identity.js';
import { checkKeyPackage, generateKeyPackages } from './key-packages.js';

const ALICE = 'https://a.example/users/alice';

describe('key packages', () => {
  it('checks what the directory requires and finds the ref a Welcome names', async () => {
    const alice = await createIdentity(ALICE);
    const [one, two] = await generateKeyPackages(alice, 2);
    const checked = await checkKeyPackage(one!.message, {
      actorUri: ALICE,
      signaturePublicKey: alice.signaturePublicKey,
    });
    expect(checked).toMatchObject({ ref: one!.ref, actorUri: ALICE });
    expect(one!.ref).not.toBe(two!.ref);

    const creator = await createIdentity('https://b.example/users/bob');
    const { welcome } = await addMembers(await createGroup(creator), [one!.message]);
    expect(welcomeKeyPackageRefs(welcome!)).toEqual([one!.ref]);
  });

  it('refuses another account, another device, a broken signature and what is no key package', async () => {
    const alice = await createIdentity(ALICE);
    const [kp] = await generateKeyPackages(alice, 1);
    const other = await createIdentity(ALICE);
    await expect(
      checkKeyPackage(kp!.message, { actorUri: 'https://a.example/users/mallory' }),
    ).rejects.toThrow('credential');
    await expect(
      checkKeyPackage(kp!.message, { signaturePublicKey: other.signaturePublicKey }),
    ).rejects.toThrow('signature key');
    const tampered = new Uint8Array(kp!.message);
    tampered[tampered.length - 1]! ^= 1;
    await expect(checkKeyPackage(tampered)).rejects.toThrow();
    await expect(checkKeyPackage(utf8('not mls'))).rejects.toThrow('Not a key package');
  });
});
