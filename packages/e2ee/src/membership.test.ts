import { describe, expect, it } from 'vitest';
import { createIdentity, fingerprint } from './identity.js';
import type { Member } from './group.js';
import { membershipChanges } from './membership.js';

const ALICE = 'https://a.example/users/alice';
const BOB = 'https://b.example/users/bob';

async function leaf(actorUri: string, leafIndex: number): Promise<Member> {
  return { actorUri, leafIndex, signaturePublicKey: (await createIdentity(actorUri)).signaturePublicKey };
}

describe('membershipChanges', () => {
  it('tells people joining and leaving from their devices being added or removed', async () => {
    const alice = await leaf(ALICE, 0);
    const bobLaptop = await leaf(BOB, 1);
    const bobPhone = await leaf(BOB, 2);
    expect(await membershipChanges([alice], [alice, bobLaptop, bobPhone])).toEqual([
      { type: 'member_added', actorUri: BOB },
    ]);
    expect(await membershipChanges([alice, bobLaptop], [alice, bobLaptop, bobPhone])).toEqual([
      { type: 'device_added', actorUri: BOB, fingerprint: await fingerprint(bobPhone.signaturePublicKey) },
    ]);
    expect(await membershipChanges([alice, bobLaptop, bobPhone], [alice, bobLaptop])).toEqual([
      { type: 'device_removed', actorUri: BOB, fingerprint: await fingerprint(bobPhone.signaturePublicKey) },
    ]);
    expect(await membershipChanges([alice, bobLaptop, bobPhone], [alice])).toEqual([
      { type: 'member_removed', actorUri: BOB },
    ]);
    // a leaf reused by another key is one device out and one in
    const replaced = { ...bobPhone, signaturePublicKey: (await createIdentity(BOB)).signaturePublicKey };
    expect(
      (await membershipChanges([alice, bobLaptop, bobPhone], [alice, bobLaptop, replaced])).map(
        (c) => c.type,
      ),
    ).toEqual(['device_added', 'device_removed']);
  });
});
