import type { Conversation } from '../model';
import type { TimelineEvent } from './timeline';
import type { ChatDevice } from './verification/verification-state';

/**
 * What the box needs of this browser's MLS client (@palchat/e2ee's EncryptedChatClient, adapted in
 * core-adapter.ts): the session and the runtime depend on this interface only, so that they are testable
 * with a fake and the MLS library stays behind one file.
 */

/** docs/E2EE-API.md MlsEnvelope */
export interface MlsEnvelope {
  id: string;
  seq: number;
  conversation_id: string;
  sender_id: string;
  sender_device_id: string;
  kind: 'commit' | 'proposal' | 'application' | 'welcome';
  epoch: number;
  message: string;
  signal: boolean;
  created_at: string;
  device_id?: string | null;
}

/** docs/E2EE-API.md `e2ee_ephemeral` */
export interface EphemeralEnvelope {
  conversation_id: string;
  sender_id: string;
  sender_device_id: string;
  epoch: number;
  message: string;
}

/** What the client decrypted, in the box's terms (typing is not kept: it goes to the typing store). */
export type ClientEvent =
  | TimelineEvent
  | { type: 'typing'; conversation_id: string; actor_id: string; state: 'start' | 'stop' }
  /** this device is no longer in the group (a commit removed it) */
  | { type: 'removed'; conversation_id: string }
  /** this device joined the group from a Welcome (at `epoch`; 1 is the chat's creation) */
  | { type: 'joined'; conversation_id: string; seq: number; epoch: number; created_at: string };

/** A file encrypted in the browser: what goes in the message beside the uploaded ciphertext. */
export interface EncryptedFile {
  ciphertext: Uint8Array<ArrayBuffer>;
  key: string;
  iv: string;
  digest: string;
}

/** Application data to send (docs/E2EE-API.md "Application data"), built by the adapter. */
export type OutgoingData =
  | {
      type: 'note';
      id: string;
      content: string;
      published: string;
      in_reply_to: string | null;
      attachments: {
        url: string;
        media_type: string;
        key: string;
        iv: string;
        digest: string;
        width: number | null;
        height: number | null;
      }[];
    }
  | { type: 'delete'; target: string }
  | { type: 'like' | 'undo_like'; target: string; emoji: string }
  | { type: 'read'; target: string }
  | { type: 'typing'; state: 'start' | 'stop' };

export interface SentEnvelope {
  seq: number;
  created_at: string;
}

export interface DeviceClient {
  readonly deviceId: string;
  /** keeps at least 5 key packages on the server (tops up to 10) */
  refillKeyPackages(): Promise<void>;
  /** what arrived while away: Welcomes and the conversations with unprocessed envelopes */
  syncPending(): Promise<void>;
  /** fetches, processes and acknowledges one conversation's envelopes */
  sync(conversationId: string): Promise<void>;
  handleEnvelope(envelope: MlsEnvelope): Promise<void>;
  handleEphemeral(envelope: EphemeralEnvelope): Promise<void>;
  send(conversationId: string, data: OutgoingData): Promise<SentEnvelope | null>;
  createConversation(participantIds: string[], name: string | null): Promise<Conversation>;
  addMembers(conversationId: string, accountIds: string[]): Promise<void>;
  removeMembers(conversationId: string, accountIds: string[]): Promise<void>;
  commitPendingRemovals(conversationId: string): Promise<void>;
  encryptFile(bytes: Uint8Array<ArrayBuffer>): Promise<EncryptedFile>;
  decryptFile(
    ciphertext: Uint8Array<ArrayBuffer>,
    file: Omit<EncryptedFile, 'ciphertext'>,
  ): Promise<Uint8Array<ArrayBuffer>>;
  /** the chat's devices (leaves) in the local group state, with fingerprints and verified keys (verification/) */
  members(conversationId: string): Promise<ChatDevice[]>;
  /** the chat's safety number from the local group state; null when this device holds no group for it */
  safetyNumber(conversationId: string): Promise<string | null>;
  /** the reader compared the safety number: every device now in the chat counts as verified */
  markVerified(conversationId: string): Promise<void>;
  /** forgets everything of this device: keys, groups */
  wipe(): Promise<void>;
}
