import { loadEncryption } from '../index';
import type { ChatDevice } from './verification-state';

/**
 * What verification needs of this browser's encrypted-chat device, always from the local MLS group state (never
 * from the server): the chat's devices with their fingerprints and whether they are verified, its safety number,
 * recording a verification, and a signal when a chat's membership may have changed. It comes with the lazy
 * chunk of encrypted chats, from the session the box opened.
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

/** null while the account's device session is not open in this tab (or after the device was removed). */
export async function loadVerificationSource(accountId: string): Promise<VerificationSource | null> {
  const session = (await loadEncryption()).currentSession();
  if (!session || session.accountId !== accountId || session.isRemoved()) return null;
  const { client } = session;
  return {
    devices: async (conversationId) => {
      const devices = await client.members(conversationId);
      return devices.length > 0 ? devices : null;
    },
    safetyNumber: async (conversationId) => (await client.safetyNumber(conversationId)) ?? null,
    markVerified: (conversationId) => client.markVerified(conversationId),
    subscribe: (onChange) =>
      session.subscribe((event) => {
        if (event.type === 'device_removed') onChange(null);
        else if (event.type === 'joined' || event.type === 'removed') onChange(event.conversationId);
        else if (event.type === 'message' && event.message.kind === 'system') onChange(event.conversationId);
      }),
  };
}
