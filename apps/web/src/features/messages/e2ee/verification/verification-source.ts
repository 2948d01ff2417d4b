import type { Leaf } from './verification-state';

/**
 * What verification needs of this browser's encrypted-chat device, always from the local MLS group state (never
 * from the server): the chat's leaves, the safety number and fingerprints @palchat/e2ee computes from them, and a
 * signal when the membership may have changed. It lives in the lazy chunk with the MLS code.
 */
export interface VerificationSource {
  /** the leaves of the chat's group as this device holds it; null when it holds none */
  leaves(conversationId: string): Promise<Leaf[] | null>;
  safetyNumber(leaves: Leaf[]): Promise<string>;
  fingerprint(signaturePublicKey: Uint8Array): Promise<string>;
  /** calls back after anything that may change a chat's leaves (a commit, a Welcome, this device's removal) */
  subscribe(onChange: (conversationId: string | null) => void): () => void;
}

export function loadVerificationSource(accountId: string): Promise<VerificationSource | null> {
  void accountId;
  return Promise.resolve(null);
}
