import {
  createApplicationMessage,
  createCommit,
  createGroup,
  defaultCapabilities,
  defaultLifetime,
  encodeMlsMessage,
  generateKeyPackage,
  getCiphersuiteFromName,
  getCiphersuiteImpl,
  type CiphersuiteImpl,
  type MLSMessage,
} from 'ts-mls';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CIPHERSUITE,
  FramingError,
  fromBase64,
  readGroupMessage,
  readKeyPackage,
  readWelcome,
  toBase64,
} from './framing.js';

const encode = (message: MLSMessage): Uint8Array => encodeMlsMessage(message);
const identity = (uri: string) => ({
  credentialType: 'basic' as const,
  identity: new TextEncoder().encode(uri),
});

describe('MLS framing read by the server', () => {
  let cs: CiphersuiteImpl;
  beforeAll(async () => {
    cs = await getCiphersuiteImpl(getCiphersuiteFromName(CIPHERSUITE));
  });

  async function keyPackageOf(uri: string) {
    return generateKeyPackage(identity(uri), defaultCapabilities(), defaultLifetime, [], cs);
  }

  it("reads a real KeyPackage's ref, identity and signature key, and refuses a forged one", async () => {
    const made = await keyPackageOf('https://palchat.test/users/alice');
    const bytes = encode({ version: 'mls10', wireformat: 'mls_key_package', keyPackage: made.publicPackage });
    const read = await readKeyPackage(bytes);
    expect(read.identity).toBe('https://palchat.test/users/alice');
    expect(toBase64(read.signatureKey)).toBe(toBase64(made.publicPackage.leafNode.signaturePublicKey));
    expect(read.ref).toMatch(/^[0-9a-f]{64}$/);

    // another identity with the same signature: its signature no longer verifies
    const forged = {
      ...made.publicPackage,
      leafNode: {
        ...made.publicPackage.leafNode,
        credential: identity('https://palchat.test/users/mallory'),
      },
    };
    await expect(
      readKeyPackage(encode({ version: 'mls10', wireformat: 'mls_key_package', keyPackage: forged })),
    ).rejects.toThrow(FramingError);
  });

  it('refuses a KeyPackage of another ciphersuite, and bytes that are not MLS', async () => {
    const made = await keyPackageOf('https://palchat.test/users/alice');
    const keyPackage = {
      ...made.publicPackage,
      cipherSuite: 'MLS_128_DHKEMX25519_CHACHA20POLY1305_SHA256_Ed25519' as const,
    };
    await expect(
      readKeyPackage(encode({ version: 'mls10', wireformat: 'mls_key_package', keyPackage })),
    ).rejects.toThrow('Unsupported ciphersuite');
    await expect(readKeyPackage(new Uint8Array([1, 2, 3]))).rejects.toThrow(FramingError);
    expect(() => readGroupMessage(new Uint8Array(0))).toThrow(FramingError);
    expect(() => fromBase64('not base64!')).toThrow(FramingError);
  });

  it("reads a commit's and an application message's group, epoch and content type, and a Welcome's new members", async () => {
    const alice = await keyPackageOf('https://palchat.test/users/alice');
    const bob = await keyPackageOf('https://palchat.test/users/bob');
    const groupId = new TextEncoder().encode('group-1');
    const state = await createGroup(groupId, alice.publicPackage, alice.privatePackage, [], cs);
    const commit = await createCommit(
      { state, cipherSuite: cs },
      { extraProposals: [{ proposalType: 'add', add: { keyPackage: bob.publicPackage } }] },
    );
    expect(readGroupMessage(encode(commit.commit))).toMatchObject({
      groupId,
      epoch: 0,
      contentType: 'commit',
    });
    const bobRef = (
      await readKeyPackage(
        encode({ version: 'mls10', wireformat: 'mls_key_package', keyPackage: bob.publicPackage }),
      )
    ).ref;
    const welcome = commit.welcome;
    if (!welcome) throw new Error('no Welcome');
    expect(
      readWelcome(encode({ version: 'mls10', wireformat: 'mls_welcome', welcome })).newMemberRefs,
    ).toEqual([bobRef]);
    expect(() => readGroupMessage(encode({ version: 'mls10', wireformat: 'mls_welcome', welcome }))).toThrow(
      'Not a group message',
    );

    const message = await createApplicationMessage(commit.newState, new TextEncoder().encode('hi'), cs);
    const framing = readGroupMessage(
      encode({ version: 'mls10', wireformat: 'mls_private_message', privateMessage: message.privateMessage }),
    );
    expect(framing).toMatchObject({
      wireFormat: 'mls_private_message',
      epoch: 1,
      contentType: 'application',
    });
    expect(toBase64(framing.groupId)).toBe(toBase64(groupId));
  });
});
