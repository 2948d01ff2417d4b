/**
 * Whether this device has verified an encrypted chat: the reader compared the safety number with the others and
 * marked it verified, which records the chat's leaves (one per device: the identity and signature key the local
 * MLS group state holds) at that moment. The chat stays verified while its leaves are exactly those; a device
 * added or removed since, or a key that changed, makes it "changed" until verified again.
 */

/** A leaf of the group as the local state sees it (@palchat/e2ee's Member has these fields). */
export interface Leaf {
  actorUri: string;
  signaturePublicKey: Uint8Array;
}

export type VerificationStatus = 'unverified' | 'verified' | 'changed';

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** A leaf as the verified record keeps it: the identity and the signature key, never the leaf index. */
export function leafId(leaf: Leaf): string {
  return `${leaf.actorUri} ${hex(leaf.signaturePublicKey)}`;
}

/** The record "Mark as verified" keeps: the sorted, distinct leaf ids. */
export function verifiedSetOf(leaves: readonly Leaf[]): string[] {
  return [...new Set(leaves.map(leafId))].sort();
}

export function verificationStatus(
  leaves: readonly Leaf[],
  verified: readonly string[] | null,
): VerificationStatus {
  if (verified === null) return 'unverified';
  const current = verifiedSetOf(leaves);
  const same = current.length === verified.length && current.every((id, index) => id === verified[index]);
  return same ? 'verified' : 'changed';
}
