/** The one ciphersuite Palchat uses, and the client configuration every group state runs with. */
import {
  defaultKeyPackageEqualityConfig,
  defaultLifetimeConfig,
  defaultPaddingConfig,
  getCiphersuiteFromName,
  getCiphersuiteImpl,
  type CiphersuiteImpl,
  type ClientConfig,
  type Credential,
} from 'ts-mls';
import { fromUtf8 } from './bytes.js';

export const CIPHERSUITE_NAME = 'MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519' as const;
export const CIPHERSUITE_ID = 0x0001;

let implementation: Promise<CiphersuiteImpl> | undefined;

export function ciphersuite(): Promise<CiphersuiteImpl> {
  implementation ??= getCiphersuiteImpl(getCiphersuiteFromName(CIPHERSUITE_NAME));
  return implementation;
}

/** A basic credential must name an actor by an http(s) URI; the server binds it to the account (directory). */
export function actorUriOfCredential(credential: Credential): string | undefined {
  if (credential.credentialType !== 'basic') return undefined;
  try {
    const uri = fromUtf8(credential.identity);
    const url = new URL(uri);
    return url.protocol === 'https:' || url.protocol === 'http:' ? uri : undefined;
  } catch {
    return undefined;
  }
}

export const clientConfig: ClientConfig = {
  lifetimeConfig: defaultLifetimeConfig,
  keyPackageEqualityConfig: defaultKeyPackageEqualityConfig,
  paddingConfig: defaultPaddingConfig,
  keyRetentionConfig: {
    // late application messages of the last few epochs still decrypt
    retainKeysForEpochs: 5,
    retainKeysForGenerations: 50,
    // typing notifications are never stored, so an offline device skips their generations
    maximumForwardRatchetSteps: 2000,
  },
  authService: {
    async validateCredential(credential, signaturePublicKey) {
      return actorUriOfCredential(credential) !== undefined && signaturePublicKey.length === 32;
    },
  },
};
