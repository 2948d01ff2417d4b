/**
 * Whether this device has verified an encrypted chat. Verification follows keys (@palchat/e2ee keeps the verified
 * (identity, signature key) pairs in the device's store): "Mark as verified" after comparing the safety number
 * verifies every device then in the chat, which also counts in the reader's other chats with those devices. The
 * chat is verified while every device in it is; once a device that nobody verified joins (a new device, a new
 * key) it is "changed" until verified again.
 */

/** A leaf of the chat's group as the local state sees it. */
export interface ChatDevice {
  actorUri: string;
  fingerprint: string;
  verified: boolean;
  /** this device's own leaf (trusted, never compared) */
  self: boolean;
}

export type VerificationStatus = 'unverified' | 'verified' | 'changed';

export function verificationStatus(devices: readonly ChatDevice[]): VerificationStatus {
  const others = devices.filter((device) => !device.self);
  const verified = others.filter((device) => device.verified).length;
  if (verified === 0) return 'unverified';
  return verified === others.length ? 'verified' : 'changed';
}
