/** The HTTP calls of docs/E2EE-API.md as an interface: http-transport.ts implements it over fetch. */
import type { EnvelopeKind } from './framing.js';

export interface MlsEnvelope {
  id: string;
  seq: number;
  conversation_id: string;
  sender_id: string;
  /** null when the sender's device is another server's */
  sender_device_id: string | null;
  kind: EnvelopeKind;
  epoch: number;
  /** base64 MLSMessage */
  message: string;
  signal: boolean;
  created_at: string;
  /** a Welcome's: the device it adds */
  device_id?: string | null;
}

export interface EphemeralEnvelope {
  conversation_id: string;
  sender_id: string;
  sender_device_id: string;
  epoch: number;
  message: string;
}

export interface Device {
  id: string;
  name: string;
  created_at: string;
  last_active_at: string | null;
  fingerprint: string;
  signature_public_key: string;
  key_packages_available: number;
  current?: boolean;
}

export interface PublicDevice {
  id: string;
  account_id: string;
  created_at: string;
  fingerprint: string;
  signature_public_key: string;
}

export interface ClaimResult {
  key_packages: { account_id: string; device_id: string; key_package: string }[];
  unavailable: { account_id: string; reason: 'no_devices' | 'server_unsupported' | 'unreachable' }[];
}

export interface PendingRemoval {
  account_id: string;
  device_id: string;
  reason: 'left' | 'removed' | 'device_revoked';
  /** base64; lets every member find the leaf even when the device is already gone from listings */
  signature_public_key?: string;
}

export interface PendingWork {
  welcomes: MlsEnvelope[];
  conversations: { conversation_id: string; after: number; count: number }[];
}

export interface PostEnvelopeBody {
  device_id: string;
  message: string;
  signal?: boolean;
  ephemeral?: boolean;
  welcome?: string;
  group_info?: string;
  add_participant_ids?: string[];
  remove_participant_ids?: string[];
  /** a commit of pending removals: the devices whose leaves it removes (clears them from pending_removals) */
  removed_device_ids?: string[];
}

/** 201, 409 (epoch mismatch) or 202 (forwarded to the chat's home server). */
export type PostResult =
  | { status: 'ordered'; envelope: MlsEnvelope }
  | { status: 'conflict'; epoch: number }
  | { status: 'forwarded'; id: string };

export interface CreateConversationBody {
  /** the creating device (in the group from epoch 0, so it is in no Welcome) */
  device_id: string;
  participant_ids: string[];
  name?: string;
  mls_group_id: string;
  commit: string;
  welcome: string;
}

/** The conversation entity as far as this package reads it. */
export interface ConversationRef {
  id: string;
  [key: string]: unknown;
}

export interface Transport {
  registerDevice(body: { name: string; signature_public_key: string }): Promise<Device>;
  listDevices(): Promise<Device[]>;
  uploadKeyPackages(deviceId: string, keyPackages: string[]): Promise<{ key_packages_available: number }>;
  claimKeyPackages(body: { account_ids: string[]; exclude_device_ids?: string[] }): Promise<ClaimResult>;
  accountDevices(accountId: string): Promise<PublicDevice[]>;
  createConversation(body: CreateConversationBody): Promise<ConversationRef>;
  postEnvelope(conversationId: string, body: PostEnvelopeBody): Promise<PostResult>;
  fetchEnvelopes(
    conversationId: string,
    query: { device_id: string; after?: number; limit?: number },
  ): Promise<MlsEnvelope[]>;
  ack(conversationId: string, body: { device_id: string; seq: number }): Promise<void>;
  pending(deviceId: string): Promise<PendingWork>;
  pendingRemovals(conversationId: string): Promise<PendingRemoval[]>;
  /** `conversationId`: the file goes with its conversation when that is deleted */
  uploadMedia(
    ciphertext: Uint8Array,
    conversationId?: string,
  ): Promise<{ id: string; url: string; size: number }>;
  downloadMedia(url: string): Promise<Uint8Array>;
}

/** Any answer the client does not handle as a result; `body` is the parsed JSON error when there is one. */
export class TransportError extends Error {
  override name = 'TransportError';
  constructor(
    readonly status: number,
    readonly body: Record<string, unknown> | undefined,
  ) {
    super(typeof body?.error === 'string' ? body.error : `HTTP ${status}`);
  }
}

/** This device was revoked (410): its store should be destroyed. */
export function isDeviceRemoved(error: unknown): boolean {
  return error instanceof TransportError && error.status === 410;
}
