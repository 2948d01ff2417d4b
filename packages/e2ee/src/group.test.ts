import { describe, expect, it } from 'vitest';
import { fromUtf8, utf8 } from './bytes.js';
import {
  addMembers,
  createGroup,
  decodeState,
  encodeState,
  encryptApplication,
  epochOf,
  joinFromWelcome,
  leavesOf,
  members,
  processIncoming,
  removeMembers,
  welcomeKeyPackageRefs,
  type GroupState,
} from './group.js';
import { readFraming } from './framing.js';
import { createIdentity, type DeviceIdentity } from './identity.js';
import { generateKeyPackage, type StoredKeyPackage } from './key-packages.js';

const ALICE = 'https://a.example/users/alice';
const BOB = 'https://b.example/users/bob';
const CAROL = 'https://a.example/users/carol';

async function device(actorUri: string) {
  const identity = await createIdentity(actorUri);
  return { identity, keyPackage: await generateKeyPackage(identity) };
}

async function join(identity: DeviceIdentity, keyPackage: StoredKeyPackage, welcome: Uint8Array) {
  expect(welcomeKeyPackageRefs(welcome)).toContain(keyPackage.ref);
  return joinFromWelcome(identity, welcome, keyPackage);
}

async function send(from: GroupState, to: GroupState, text: string) {
  const sent = await encryptApplication(from, utf8(text));
  const received = await processIncoming(to, sent.message);
  if (received.kind !== 'application') throw new Error('expected an application message');
  return { from: sent.newState, to: received.newState, received, message: sent.message };
}

describe('group', () => {
  it('creates, adds with one Welcome, exchanges messages and names the sender', async () => {
    const alice = await createIdentity(ALICE);
    const bob = await device(BOB);
    let a = await createGroup(alice);
    expect(epochOf(a)).toBe(0);
    const added = await addMembers(a, [bob.keyPackage.message]);
    expect(readFraming(added.commit)).toMatchObject({
      kind: 'commit',
      epoch: 0,
      wireformat: 'mls_private_message',
    });
    a = added.newState;
    let b = await join(bob.identity, bob.keyPackage, added.welcome!);
    expect(epochOf(b)).toBe(1);
    expect(members(b).map((m) => m.actorUri)).toEqual([ALICE, BOB]);

    const one = await send(a, b, 'hello bob');
    a = one.from;
    b = one.to;
    expect(fromUtf8(one.received.data)).toBe('hello bob');
    expect(one.received.sender.actorUri).toBe(ALICE);
    expect(readFraming(one.message)).toMatchObject({ kind: 'application', epoch: 1 });
    const two = await send(b, a, 'hi alice');
    expect(two.received.sender.actorUri).toBe(BOB);
  });

  it('removes a member, who then cannot decrypt what follows', async () => {
    const alice = await createIdentity(ALICE);
    const bob = await device(BOB);
    const carol = await device(CAROL);
    const added = await addMembers(await createGroup(alice), [
      bob.keyPackage.message,
      carol.keyPackage.message,
    ]);
    let a = added.newState;
    let b = await join(bob.identity, bob.keyPackage, added.welcome!);
    let c = await join(carol.identity, carol.keyPackage, added.welcome!);

    const removal = await removeMembers(a, leavesOf(a, { actorUris: [CAROL] }));
    a = removal.newState;
    const atBob = await processIncoming(b, removal.commit);
    const atCarol = await processIncoming(c, removal.commit);
    if (atBob.kind !== 'commit' || atCarol.kind !== 'commit') throw new Error('expected commits');
    expect(atBob.removed.map((m) => m.actorUri)).toEqual([CAROL]);
    expect(atBob.committer?.actorUri).toBe(ALICE);
    expect(atBob.removedSelf).toBe(false);
    expect(atCarol.removedSelf).toBe(true);
    b = atBob.newState;
    c = atCarol.newState;

    const after = await encryptApplication(a, utf8('carol is gone'));
    await expect(processIncoming(c, after.message)).rejects.toThrow();
    const atBob2 = await processIncoming(b, after.message);
    expect(atBob2.kind === 'application' && fromUtf8(atBob2.data)).toBe('carol is gone');
  });

  it('a late application message of the previous epoch still decrypts', async () => {
    const alice = await createIdentity(ALICE);
    const bob = await device(BOB);
    const carol = await device(CAROL);
    const added = await addMembers(await createGroup(alice), [bob.keyPackage.message]);
    let a = added.newState;
    const b = await join(bob.identity, bob.keyPackage, added.welcome!);
    const late = await encryptApplication(b, utf8('sent before the add'));
    const secondAdd = await addMembers(a, [carol.keyPackage.message]);
    a = secondAdd.newState;
    const result = await processIncoming(a, late.message);
    expect(result.kind === 'application' && fromUtf8(result.data)).toBe('sent before the add');
    expect(result.kind === 'application' && result.sender.actorUri).toBe(BOB);
  });

  it('a state survives encoding', async () => {
    const alice = await createIdentity(ALICE);
    const bob = await device(BOB);
    const added = await addMembers(await createGroup(alice), [bob.keyPackage.message]);
    const a = decodeState(encodeState(added.newState));
    const b = decodeState(encodeState(await join(bob.identity, bob.keyPackage, added.welcome!)));
    const { received } = await send(a, b, 'after a restart');
    expect(fromUtf8(received.data)).toBe('after a restart');
  });

  it('rejects what is not a message of the group', async () => {
    const a = await createGroup(await createIdentity(ALICE));
    await expect(processIncoming(a, utf8('garbage'))).rejects.toThrow('Not a group message');
    expect(readFraming(utf8('garbage'))).toBeUndefined();
  });
});
