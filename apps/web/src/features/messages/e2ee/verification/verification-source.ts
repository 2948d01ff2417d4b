import type { ChatDevice } from './verification-state';

/**
 * What verification needs of this browser's encrypted-chat device, always from the local MLS group state (never
 * from the server): the chat's devices with their fingerprints and whether they are verified, its safety number,
 * recording a verification, and a signal when a chat's membership may have changed. It lives in the lazy chunk
 * with the MLS code.
 */
export interface VerificationSource {
  /** the chat's devices as this device's group state holds them; null when it holds no group for the chat */
  devices(conversationId: string): Promise<ChatDevice[] | null>;
  safetyNumber(conversationId: string): Promise<string | null>;
  /** verifies every device now in the chat */
  markVerified(conversationId: string): Promise<void>;
  /** calls back after anything that may change a chat's devices (null: every chat) */
  subscribe(onChange: (conversationId: string | null) => void): () => void;
}

export function loadVerificationSource(accountId: string): Promise<VerificationSource | null> {
  void accountId;
  return Promise.resolve(null);
}
