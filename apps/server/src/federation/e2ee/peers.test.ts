import { describe, expect, it } from 'vitest';
import { announcesEncryptedChats } from './peers.js';
import { NODEINFO_E2EE_METADATA } from './vocabulary.js';

const nodeInfo = (e2ee: unknown) => ({ version: '2.1', metadata: { palchat: { chat: true, e2ee } } });

describe('a peer announcing encrypted chats (NodeInfo metadata.palchat.e2ee)', () => {
  it('is one when it names the draft and our ciphersuite, as we announce it', () => {
    expect(announcesEncryptedChats(nodeInfo(NODEINFO_E2EE_METADATA))).toBe(true);
    expect(
      announcesEncryptedChats(
        nodeInfo({
          ...NODEINFO_E2EE_METADATA,
          ciphersuites: ['MLS_256_XWING_AES256GCM_SHA512_Ed25519', ...NODEINFO_E2EE_METADATA.ciphersuites],
        }),
      ),
    ).toBe(true);
  });

  it.each([
    ['no NodeInfo', null],
    ['no Palchat metadata', { version: '2.1', metadata: {} }],
    ['the chat extension only', nodeInfo(undefined)],
    ['mls off', nodeInfo({ ...NODEINFO_E2EE_METADATA, mls: false })],
    ['another draft', nodeInfo({ ...NODEINFO_E2EE_METADATA, draft: 'https://example.com/other' })],
    [
      'another ciphersuite only',
      nodeInfo({ ...NODEINFO_E2EE_METADATA, ciphersuites: ['MLS_256_DHKEMP384_AES256GCM_SHA384_P384'] }),
    ],
  ])('is not one with %s', (_what, document) => {
    expect(announcesEncryptedChats(document)).toBe(false);
  });
});
