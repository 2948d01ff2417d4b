import type { AccountRow } from '../auth/viewer.js';
import type { E2eeDevicesTable, E2eeEnvelopesTable, E2eeKeyPackagesTable } from '../db/schema.js';

/**
 * What the encrypted chats (e2ee/) tell the rest of the server: streams and Web Push here, and federation, which
 * carries MLS objects to the other servers of a chat. Every payload is opaque MLS bytes (base64) and ids: the
 * server never has plaintext to pass on.
 */

/** An envelope took its place in a chat's order here (a local send, or one the home server ordered). */
export interface E2eeEnvelopeOrdered {
  type: 'E2eeEnvelopeOrdered';
  envelope: E2eeEnvelopesTable;
  /** who sent it (a local person, or a remote one the home server ordered) */
  sender: AccountRow;
  /** the chat is ordered by this server (federation announces the order to the members' servers) */
  homedHere: boolean;
  /** the local participants it streams to */
  recipientIds: readonly string[];
  /** a commit that added or removed people: who (checked against the admin rules) */
  addedIds: readonly string[];
  removedIds: readonly string[];
  /** a GroupInfo sent with a commit (base64), for new members' servers */
  groupInfo: string | null;
  /** the Welcome sent with a commit that adds people (stored for local devices; federation takes it to others) */
  welcome: string | null;
}

/** A local device sent an envelope to a chat homed on another server: federation takes it there to be ordered. */
export interface E2eeEnvelopeForwarded {
  type: 'E2eeEnvelopeForwarded';
  conversationId: string;
  /** the chat's ordered collection on its home server */
  homeUri: string;
  id: string;
  senderId: string;
  senderDeviceId: string;
  kind: E2eeEnvelopesTable['kind'];
  epoch: number;
  message: string;
  signal: boolean;
  welcome: string | null;
  groupInfo: string | null;
  addedIds: readonly string[];
  removedIds: readonly string[];
}

/** A Welcome was stored for local devices; `remoteAccountIds`: the remote people it also adds. */
export interface E2eeWelcomeStored {
  type: 'E2eeWelcomeStored';
  conversationId: string;
  senderId: string;
  welcome: string;
  /** the epoch it joins (federation tells the servers of the remote people it adds) */
  epoch: number;
  /** the envelope stored for each local device it adds */
  envelopes: readonly E2eeEnvelopesTable[];
  /** the key packages it used (local and cached remote ones) */
  keyPackages: readonly E2eeKeyPackagesTable[];
  remoteAccountIds: readonly string[];
}

/** A local device uploaded key packages or some were withdrawn or used (federation: Create+Add / Remove+Delete). */
export interface E2eeKeyPackagesChanged {
  type: 'E2eeKeyPackagesChanged';
  accountId: string;
  added: readonly E2eeKeyPackagesTable[];
  removed: readonly E2eeKeyPackagesTable[];
}

/** A local person added a device (the box tells their chats). */
export interface E2eeDeviceAdded {
  type: 'E2eeDeviceAdded';
  device: E2eeDevicesTable;
}

/** A local device was removed by its owner; `conversationIds`: the encrypted chats it was in. */
export interface E2eeDeviceRevoked {
  type: 'E2eeDeviceRevoked';
  device: E2eeDevicesTable;
  conversationIds: readonly string[];
}

/** An encrypted chat was created here (by a local person, or from a remote home server's Welcome). */
export interface E2eeConversationCreated {
  type: 'E2eeConversationCreated';
  conversationId: string;
  creatorId: string;
  participantIds: readonly string[];
  mlsGroupId: string;
  homedHere: boolean;
  /** the creating commit and the Welcome (base64) */
  commit: string;
  welcome: string;
  groupInfo: string | null;
}

/** A typing message (ephemeral: relayed, never stored). */
export interface E2eeEphemeralSent {
  type: 'E2eeEphemeralSent';
  conversationId: string;
  senderId: string;
  senderDeviceId: string | null;
  epoch: number;
  message: string;
  recipientIds: readonly string[];
}

export type E2eeEvent =
  | E2eeEnvelopeOrdered
  | E2eeEnvelopeForwarded
  | E2eeWelcomeStored
  | E2eeKeyPackagesChanged
  | E2eeDeviceAdded
  | E2eeDeviceRevoked
  | E2eeConversationCreated
  | E2eeEphemeralSent;
