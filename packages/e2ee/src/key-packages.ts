/**
 * Key packages of this device: generated in batches for upload (public part, as an MLSMessage), their private
 * parts kept in the store under the KeyPackageRef (RFC 9420 §5.2) so that a Welcome finds the one it used.
 */
import {
  decodeMlsMessage,
  defaultCapabilities,
  defaultLifetime,
  encodeMlsMessage,
  generateKeyPackageWithKey,
  type KeyPackage,
  type PrivateKeyPackage,
  type Welcome,
} from 'ts-mls';
import { makeKeyPackageRef } from 'ts-mls/keyPackage.js';
import { toHex } from './bytes.js';
import { credentialOf, type DeviceIdentity } from './identity.js';
import { actorUriOfCredential, ciphersuite, CIPHERSUITE_NAME } from './suite.js';

export interface StoredKeyPackage {
  /** hex KeyPackageRef */
  ref: string;
  /** MLSMessage(KeyPackage), as uploaded */
  message: Uint8Array;
  initPrivateKey: Uint8Array;
  hpkePrivateKey: Uint8Array;
  createdAt: string;
}

export async function generateKeyPackage(identity: DeviceIdentity): Promise<StoredKeyPackage> {
  const suite = await ciphersuite();
  const { publicPackage, privatePackage } = await generateKeyPackageWithKey(
    credentialOf(identity.actorUri),
    defaultCapabilities(),
    defaultLifetime,
    [],
    { signKey: identity.signaturePrivateKey, publicKey: identity.signaturePublicKey },
    suite,
  );
  return {
    ref: await keyPackageRef(publicPackage),
    message: encodeMlsMessage({ version: 'mls10', wireformat: 'mls_key_package', keyPackage: publicPackage }),
    initPrivateKey: privatePackage.initPrivateKey,
    hpkePrivateKey: privatePackage.hpkePrivateKey,
    createdAt: new Date().toISOString(),
  };
}

export async function generateKeyPackages(identity: DeviceIdentity, count: number): Promise<StoredKeyPackage[]> {
  const packages: StoredKeyPackage[] = [];
  for (let i = 0; i < count; i++) packages.push(await generateKeyPackage(identity));
  return packages;
}

export async function keyPackageRef(keyPackage: KeyPackage): Promise<string> {
  return toHex(await makeKeyPackageRef(keyPackage, (await ciphersuite()).hash));
}

/** Decodes an MLSMessage(KeyPackage) and checks what Palchat requires of it (the server checks the same). */
export function decodeKeyPackage(message: Uint8Array): KeyPackage {
  const decoded = safeDecode(message);
  if (decoded?.wireformat !== 'mls_key_package') throw new Error('Not a key package');
  const keyPackage = decoded.keyPackage;
  if (keyPackage.cipherSuite !== CIPHERSUITE_NAME) throw new Error('Unsupported ciphersuite');
  if (actorUriOfCredential(keyPackage.leafNode.credential) === undefined) throw new Error('Invalid credential');
  return keyPackage;
}

/** The actor URI a key package claims (its basic credential's identity). */
export function keyPackageActorUri(keyPackage: KeyPackage): string {
  return actorUriOfCredential(keyPackage.leafNode.credential)!;
}

export function privatePackageOf(identity: DeviceIdentity, stored: StoredKeyPackage): PrivateKeyPackage {
  return {
    initPrivateKey: stored.initPrivateKey,
    hpkePrivateKey: stored.hpkePrivateKey,
    signaturePrivateKey: identity.signaturePrivateKey,
  };
}

/** The KeyPackageRefs a Welcome has secrets for (hex). */
export function welcomeRefs(welcome: Welcome): string[] {
  return welcome.secrets.map((secret) => toHex(secret.newMember));
}

function safeDecode(message: Uint8Array) {
  try {
    return decodeMlsMessage(message, 0)?.[0];
  } catch {
    return undefined;
  }
}
