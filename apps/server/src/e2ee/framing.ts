import {
  decodeMlsMessage,
  getCiphersuiteFromName,
  getCiphersuiteImpl,
  type CiphersuiteImpl,
  type ContentTypeName,
  type MLSMessage,
} from 'ts-mls';
import { makeKeyPackageRef, verifyKeyPackage } from 'ts-mls/keyPackage.js';

/**
 * What the server may read of an MLS message (RFC 9420 §6): the framing that travels in the clear. Everything is
 * read from the bytes with ts-mls's decoder; nothing a client declares beside them is trusted.
 */

export const CIPHERSUITE = 'MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519' as const;
/** the largest MLS message accepted (docs/E2EE-API.md) */
export const MAX_MLS_MESSAGE_BYTES = 256 * 1024;

export class FramingError extends Error {}

/** A group message: a commit, a proposal or an application message of one group at one epoch. */
export interface GroupFraming {
  wireFormat: 'mls_private_message' | 'mls_public_message';
  groupId: Uint8Array;
  epoch: number;
  contentType: ContentTypeName;
}

export interface WelcomeFraming {
  cipherSuite: string;
  /** the KeyPackageRefs of the members it adds, hex */
  newMemberRefs: string[];
}

export interface KeyPackageFraming {
  /** KeyPackageRef, hex */
  ref: string;
  identity: string;
  signatureKey: Uint8Array;
}

const hex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

/** Standard base64 (what the API carries) to bytes; anything else is refused rather than guessed at. */
export function fromBase64(value: string): Uint8Array {
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(value) || value.length % 4 !== 0)
    throw new FramingError('Not valid base64');
  return new Uint8Array(Buffer.from(value, 'base64'));
}

export const toBase64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

function decode(bytes: Uint8Array): MLSMessage {
  if (bytes.length === 0 || bytes.length > MAX_MLS_MESSAGE_BYTES) throw new FramingError('Message too large');
  let decoded: [MLSMessage, number] | undefined;
  try {
    decoded = decodeMlsMessage(bytes, 0);
  } catch {
    decoded = undefined;
  }
  if (!decoded || decoded[1] !== bytes.length) throw new FramingError('Not an MLS message');
  if (decoded[0].version !== 'mls10') throw new FramingError('Unsupported MLS version');
  return decoded[0];
}

/** The group, epoch and content type of a PrivateMessage or PublicMessage. */
export function readGroupMessage(bytes: Uint8Array): GroupFraming {
  const message = decode(bytes);
  if (message.wireformat === 'mls_private_message') {
    const { groupId, epoch, contentType } = message.privateMessage;
    return { wireFormat: message.wireformat, groupId, epoch: Number(epoch), contentType };
  }
  if (message.wireformat === 'mls_public_message') {
    const { groupId, epoch, contentType } = message.publicMessage.content;
    return { wireFormat: message.wireformat, groupId, epoch: Number(epoch), contentType };
  }
  throw new FramingError('Not a group message');
}

/** The members a Welcome adds (by KeyPackageRef), in our ciphersuite only. */
export function readWelcome(bytes: Uint8Array): WelcomeFraming {
  const message = decode(bytes);
  if (message.wireformat !== 'mls_welcome') throw new FramingError('Not a Welcome');
  const { cipherSuite, secrets } = message.welcome;
  if (cipherSuite !== CIPHERSUITE) throw new FramingError('Unsupported ciphersuite');
  return { cipherSuite, newMemberRefs: secrets.map((secret) => hex(secret.newMember)) };
}

/** A GroupInfo: only its wire format is checked (it is opaque to the server). */
export function readGroupInfo(bytes: Uint8Array): void {
  if (decode(bytes).wireformat !== 'mls_group_info') throw new FramingError('Not a GroupInfo');
}

let suite: Promise<CiphersuiteImpl> | undefined;
const ciphersuite = (): Promise<CiphersuiteImpl> =>
  (suite ??= getCiphersuiteImpl(getCiphersuiteFromName(CIPHERSUITE)));

/**
 * A KeyPackage in our ciphersuite with a basic credential, correctly self-signed: its ref, credential identity
 * and leaf signature key. The caller checks the identity and key against the uploading account and device.
 */
export async function readKeyPackage(bytes: Uint8Array): Promise<KeyPackageFraming> {
  const message = decode(bytes);
  if (message.wireformat !== 'mls_key_package') throw new FramingError('Not a KeyPackage');
  const keyPackage = message.keyPackage;
  if (keyPackage.cipherSuite !== CIPHERSUITE) throw new FramingError('Unsupported ciphersuite');
  const { credential, signaturePublicKey } = keyPackage.leafNode;
  if (credential.credentialType !== 'basic') throw new FramingError('Not a basic credential');
  const cs = await ciphersuite();
  if (!(await verifyKeyPackage(keyPackage, cs.signature))) throw new FramingError('Bad KeyPackage signature');
  return {
    ref: hex(await makeKeyPackageRef(keyPackage, cs.hash)),
    identity: new TextDecoder('utf-8', { fatal: true }).decode(credential.identity),
    signatureKey: signaturePublicKey,
  };
}
