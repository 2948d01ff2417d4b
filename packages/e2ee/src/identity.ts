/** A device identity: the Ed25519 signature key pair of one MLS client (one browser) and its basic credential. */
import type { Credential } from 'ts-mls';
import { sha256, toHex, utf8 } from './bytes.js';
import { ciphersuite } from './suite.js';

export interface DeviceIdentity {
  /** the account's actor URI, the credential's identity */
  actorUri: string;
  signaturePublicKey: Uint8Array;
  signaturePrivateKey: Uint8Array;
  /** the server's id for this device, once registered */
  deviceId: string | null;
}

export async function createIdentity(actorUri: string): Promise<DeviceIdentity> {
  const suite = await ciphersuite();
  const { publicKey, signKey } = await suite.signature.keygen();
  return { actorUri, signaturePublicKey: publicKey, signaturePrivateKey: signKey, deviceId: null };
}

export function credentialOf(actorUri: string): Credential {
  return { credentialType: 'basic', identity: utf8(actorUri) };
}

/** SHA-256 of the raw signature public key, lowercase hex in groups of 4 (docs/E2EE-API.md). */
export async function fingerprint(signaturePublicKey: Uint8Array): Promise<string> {
  const hex = toHex(await sha256(signaturePublicKey));
  return hex.match(/.{4}/g)!.join(' ');
}
