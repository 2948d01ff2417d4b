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
import { makeKeyPackageRef, verifyKeyPackage } from 'ts-mls/keyPackage.js';
import { equalBytes, toHex } from './bytes.js';
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

export async function generateKeyPackages(
  identity: DeviceIdentity,
  count: number,
): Promise<StoredKeyPackage[]> {
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
  if (actorUriOfCredential(keyPackage.leafNode.credential) === undefined)
    throw new Error('Invalid credential');
  return keyPackage;
}

export interface CheckedKeyPackage {
  keyPackage: KeyPackage;
  /** hex KeyPackageRef: the Welcome that uses this key package names it */
  ref: string;
  actorUri: string;
  signaturePublicKey: Uint8Array;
}

/**
 * Everything the directory checks before it stores an uploaded key package (docs/E2EE-API.md): an
 * MLSMessage(KeyPackage) of the ciphersuite, a basic credential naming `expected.actorUri`, the device's
 * signature key as leaf signature key, and a valid signature. Throws with a message fit for a 422.
 */
export async function checkKeyPackage(
  message: Uint8Array,
  expected: { actorUri?: string; signaturePublicKey?: Uint8Array } = {},
): Promise<CheckedKeyPackage> {
  const keyPackage = decodeKeyPackage(message);
  const actorUri = keyPackageActorUri(keyPackage);
  const signaturePublicKey = keyPackage.leafNode.signaturePublicKey;
  if (expected.actorUri !== undefined && actorUri !== expected.actorUri) {
    throw new Error("The key package's credential is not this account");
  }
  if (expected.signaturePublicKey && !equalBytes(signaturePublicKey, expected.signaturePublicKey)) {
    throw new Error("The key package's signature key is not this device's");
  }
  const suite = await ciphersuite();
  if (!(await verifyKeyPackage(keyPackage, suite.signature)))
    throw new Error('Invalid key package signature');
  return { keyPackage, ref: await keyPackageRef(keyPackage), actorUri, signaturePublicKey };
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
