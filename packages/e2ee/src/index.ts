/** Palchat's end-to-end encryption client: the glue around ts-mls shared by the browser, tests and benchmarks. */
export { CIPHERSUITE_ID, CIPHERSUITE_NAME } from './suite.js';
export { fromBase64, toBase64, toHex } from './bytes.js';
export { createIdentity, fingerprint, type DeviceIdentity } from './identity.js';
export {
  checkKeyPackage,
  decodeKeyPackage,
  generateKeyPackage,
  generateKeyPackages,
  keyPackageActorUri,
  keyPackageRef,
  type CheckedKeyPackage,
  type StoredKeyPackage,
} from './key-packages.js';
export { decodeMessage, readFraming, type EnvelopeKind, type Framing } from './framing.js';
export {
  addMembers,
  createGroup,
  decodeState,
  encodeState,
  encryptApplication,
  epochOf,
  groupIdOf,
  isActive,
  joinFromWelcome,
  leavesOf,
  members,
  ownLeafIndex,
  processIncoming,
  removeMembers,
  welcomeKeyPackageRefs,
  type CommitOutput,
  type GroupState,
  type Incoming,
  type Member,
} from './group.js';
export {
  AppDataError,
  createNote,
  decodeAppData,
  deleteNote,
  encodeAppData,
  fromActivity,
  htmlToText,
  isEphemeral,
  isSignal,
  like,
  read,
  textToHtml,
  toActivity,
  typing,
  undo,
  type AppData,
  type EncryptedAttachment,
  type NoteData,
} from './app-data.js';
export {
  KeyValueStore,
  MemoryStore,
  type E2eeStore,
  type PendingCommit,
  type Reaction,
  type StoredMessage,
  type SystemEvent,
  type Verification,
} from './store.js';
export { decryptMedia, encryptMedia, MediaIntegrityError, type MediaKeys } from './media.js';
export { safetyNumber, type SafetyMember } from './safety-number.js';
export type { ChatEvent } from './history.js';
export {
  isDeviceRemoved,
  TransportError,
  type ClaimResult,
  type ConversationRef,
  type CreateConversationBody,
  type Device,
  type EphemeralEnvelope,
  type MlsEnvelope,
  type PendingRemoval,
  type PendingWork,
  type PostEnvelopeBody,
  type PostResult,
  type PublicDevice,
  type Transport,
} from './transport.js';
export {
  EncryptedChatClient,
  KEY_PACKAGE_LOW_WATER,
  KEY_PACKAGE_TARGET,
  NotEligibleError,
  PendingCommitError,
  type ClientOptions,
  type CommitStatus,
  type MemberInfo,
} from './client.js';
export { HttpTransport, type HttpTransportOptions } from './http-transport.js';
export { IdbStore } from './idb-store.js';
