/**
 * One MLS group per encrypted chat: create, add (one commit + a Welcome carrying the ratchet tree), remove,
 * join from a Welcome, encrypt and process messages. Pure functions over ts-mls's immutable ClientState: a
 * caller keeps the old state until the Delivery Service has ordered a commit (see client.ts).
 */
import {
  createApplicationMessage,
  createCommit,
  createGroup as mlsCreateGroup,
  decodeGroupState,
  emptyPskIndex,
  encodeGroupState,
  encodeMlsMessage,
  generateKeyPackageWithKey,
  defaultCapabilities,
  defaultLifetime,
  joinGroup,
  processMessage,
  zeroOutUint8Array,
  type ClientState,
  type LeafNode,
  type MlsPrivateMessage,
  type MlsPublicMessage,
  type PrivateMessage,
  type ProcessMessageResult,
  type Proposal,
  type RatchetTree,
} from 'ts-mls';
import { decryptSenderData } from 'ts-mls/privateMessage.js';
import { equalBytes } from './bytes.js';
import { decodeMessage } from './framing.js';
import { credentialOf, type DeviceIdentity } from './identity.js';
import { decodeKeyPackage, privatePackageOf, welcomeRefs, type StoredKeyPackage } from './key-packages.js';
import { actorUriOfCredential, ciphersuite, clientConfig } from './suite.js';

export type GroupState = ClientState;

export interface Member {
  leafIndex: number;
  actorUri: string;
  signaturePublicKey: Uint8Array;
}

export interface CommitOutput {
  /** the state once the commit is ordered; keep the previous one until then */
  newState: GroupState;
  /** MLSMessage(PrivateMessage) of the commit */
  commit: Uint8Array;
  /** MLSMessage(Welcome) when the commit adds members */
  welcome?: Uint8Array;
  /**
   * secrets of the current epoch the commit used up: zero them (zeroOutUint8Array) only once the commit is
   * ordered, since the current state still needs them to process a competing commit that wins instead
   */
  consumed: Uint8Array[];
}

export type Incoming =
  | { kind: 'application'; newState: GroupState; sender: Member; data: Uint8Array; epoch: number }
  | {
      kind: 'commit';
      newState: GroupState;
      committer: Member | undefined;
      added: Member[];
      removed: Member[];
      /** this device was removed: the chat is over for it */
      removedSelf: boolean;
    }
  | { kind: 'proposal'; newState: GroupState };

export async function createGroup(identity: DeviceIdentity): Promise<GroupState> {
  const suite = await ciphersuite();
  const { publicPackage, privatePackage } = await generateKeyPackageWithKey(
    credentialOf(identity.actorUri),
    defaultCapabilities(),
    defaultLifetime,
    [],
    { signKey: identity.signaturePrivateKey, publicKey: identity.signaturePublicKey },
    suite,
  );
  const groupId = globalThis.crypto.getRandomValues(new Uint8Array(16));
  return mlsCreateGroup(groupId, publicPackage, privatePackage, [], suite, clientConfig);
}

export function groupIdOf(state: GroupState): Uint8Array {
  return state.groupContext.groupId;
}

export function epochOf(state: GroupState): number {
  return Number(state.groupContext.epoch);
}

export function ownLeafIndex(state: GroupState): number {
  return state.privatePath.leafIndex;
}

export function isActive(state: GroupState): boolean {
  return state.groupActiveState.kind === 'active';
}

export function members(state: GroupState): Member[] {
  return membersOfTree(state.ratchetTree);
}

function membersOfTree(tree: RatchetTree): Member[] {
  const result: Member[] = [];
  tree.forEach((node, nodeIndex) => {
    if (node?.nodeType === 'leaf') result.push(memberOf(node.leaf, nodeIndex / 2));
  });
  return result;
}

function memberOf(leaf: LeafNode, leafIndex: number): Member {
  return {
    leafIndex,
    actorUri: actorUriOfCredential(leaf.credential) ?? '',
    signaturePublicKey: leaf.signaturePublicKey,
  };
}

/** Leaves of the given accounts and/or devices (by signature key), never this device's own leaf. */
export function leavesOf(
  state: GroupState,
  which: { actorUris?: string[]; signaturePublicKeys?: Uint8Array[] },
): number[] {
  const own = ownLeafIndex(state);
  return members(state)
    .filter(
      (m) =>
        m.leafIndex !== own &&
        ((which.actorUris ?? []).includes(m.actorUri) ||
          (which.signaturePublicKeys ?? []).some((key) => equalBytes(key, m.signaturePublicKey))),
    )
    .map((m) => m.leafIndex);
}

/** One commit adding every key package (MLSMessage(KeyPackage) bytes), with one Welcome for all of them. */
export async function addMembers(state: GroupState, keyPackages: Uint8Array[]): Promise<CommitOutput> {
  if (keyPackages.length === 0) throw new Error('Nothing to add');
  const proposals: Proposal[] = keyPackages.map((bytes) => ({
    proposalType: 'add',
    add: { keyPackage: decodeKeyPackage(bytes) },
  }));
  return commit(state, proposals);
}

export async function removeMembers(state: GroupState, leafIndexes: number[]): Promise<CommitOutput> {
  if (leafIndexes.length === 0) throw new Error('Nothing to remove');
  if (leafIndexes.includes(ownLeafIndex(state))) throw new Error('A device cannot remove itself');
  const proposals: Proposal[] = [...new Set(leafIndexes)].map((removed) => ({
    proposalType: 'remove',
    remove: { removed },
  }));
  return commit(state, proposals);
}

async function commit(state: GroupState, extraProposals: Proposal[]): Promise<CommitOutput> {
  const suite = await ciphersuite();
  const result = await createCommit(
    { state, cipherSuite: suite },
    { extraProposals, ratchetTreeExtension: true },
  );
  return {
    consumed: result.consumed,
    newState: result.newState,
    commit: encodeMlsMessage(result.commit),
    welcome: result.welcome
      ? encodeMlsMessage({ version: 'mls10', wireformat: 'mls_welcome', welcome: result.welcome })
      : undefined,
  };
}

/** The key package refs a Welcome is for (to find this device's private part). */
export function welcomeKeyPackageRefs(welcome: Uint8Array): string[] {
  const message = decodeMessage(welcome);
  if (message?.wireformat !== 'mls_welcome') throw new Error('Not a Welcome');
  return welcomeRefs(message.welcome);
}

export async function joinFromWelcome(
  identity: DeviceIdentity,
  welcome: Uint8Array,
  keyPackage: StoredKeyPackage,
): Promise<GroupState> {
  const message = decodeMessage(welcome);
  if (message?.wireformat !== 'mls_welcome') throw new Error('Not a Welcome');
  const suite = await ciphersuite();
  return joinGroup(
    message.welcome,
    decodeKeyPackage(keyPackage.message),
    privatePackageOf(identity, keyPackage),
    emptyPskIndex,
    suite,
    undefined,
    undefined,
    clientConfig,
  );
}

export async function encryptApplication(
  state: GroupState,
  plaintext: Uint8Array,
): Promise<{ newState: GroupState; message: Uint8Array }> {
  const suite = await ciphersuite();
  const result = await createApplicationMessage(state, plaintext, suite);
  result.consumed.forEach(zeroOutUint8Array);
  return {
    newState: result.newState,
    message: encodeMlsMessage({
      version: 'mls10',
      wireformat: 'mls_private_message',
      privateMessage: result.privateMessage,
    }),
  };
}

/** Processes a commit, proposal or application message of this group; throws when it cannot. */
export async function processIncoming(state: GroupState, bytes: Uint8Array): Promise<Incoming> {
  const message = decodeMessage(bytes);
  if (message?.wireformat !== 'mls_private_message' && message?.wireformat !== 'mls_public_message') {
    throw new Error('Not a group message');
  }
  const suite = await ciphersuite();
  const result = await processMessage(message, state, emptyPskIndex, () => 'accept', suite);
  try {
    return await describe(state, message, result);
  } finally {
    // the old epoch's used-up secrets go only after the sender was read with them
    result.consumed.forEach(zeroOutUint8Array);
  }
}

async function describe(
  state: GroupState,
  message: MlsPrivateMessage | MlsPublicMessage,
  result: ProcessMessageResult,
): Promise<Incoming> {
  if (result.kind === 'applicationMessage') {
    const privateMessage = (message as MlsPrivateMessage).privateMessage;
    return {
      kind: 'application',
      newState: result.newState,
      sender: await applicationSender(state, privateMessage),
      data: result.message,
      epoch: Number(privateMessage.epoch),
    };
  }
  const contentType =
    message.wireformat === 'mls_private_message'
      ? message.privateMessage.contentType
      : message.publicMessage.content.contentType;
  if (contentType === 'proposal') return { kind: 'proposal', newState: result.newState };
  const before = members(state);
  const after = members(result.newState);
  const committerIndex = await handshakeSenderLeaf(state, message);
  return {
    kind: 'commit',
    newState: result.newState,
    committer: before.find((m) => m.leafIndex === committerIndex),
    added: after.filter((m) => !before.some((b) => sameMember(m, b))),
    removed: before.filter((b) => !after.some((m) => sameMember(m, b))),
    removedSelf: result.newState.groupActiveState.kind === 'removedFromGroup',
  };
}

function sameMember(a: Member, b: Member): boolean {
  return a.leafIndex === b.leafIndex && equalBytes(a.signaturePublicKey, b.signaturePublicKey);
}

/**
 * ts-mls does not return who sent an application message; the sender data names the leaf. It is read with the
 * epoch's sender-data secret after processMessage verified the signature of that very leaf.
 */
async function applicationSender(state: GroupState, message: PrivateMessage): Promise<Member> {
  const current = message.epoch === state.groupContext.epoch;
  const receiver = current ? undefined : state.historicalReceiverData.get(message.epoch);
  const secret = current ? state.keySchedule.senderDataSecret : receiver?.senderDataSecret;
  const tree = current ? state.ratchetTree : receiver?.ratchetTree;
  if (!secret || !tree) throw new Error('Unknown epoch');
  const senderData = await decryptSenderData(message, secret, await ciphersuite());
  const sender = senderData && membersOfTree(tree).find((m) => m.leafIndex === senderData.leafIndex);
  if (!sender) throw new Error('Unknown sender');
  return sender;
}

async function handshakeSenderLeaf(
  state: GroupState,
  message: MlsPrivateMessage | MlsPublicMessage,
): Promise<number | undefined> {
  if (message.wireformat === 'mls_public_message') {
    const sender = message.publicMessage.content.sender;
    return sender.senderType === 'member' ? sender.leafIndex : undefined;
  }
  if (message.wireformat !== 'mls_private_message') return undefined;
  const data = await decryptSenderData(
    message.privateMessage,
    state.keySchedule.senderDataSecret,
    await ciphersuite(),
  );
  return data?.leafIndex;
}

export function encodeState(state: GroupState): Uint8Array {
  return encodeGroupState(state);
}

export function decodeState(bytes: Uint8Array): GroupState {
  const decoded = decodeGroupState(bytes, 0);
  if (!decoded) throw new Error('Invalid group state');
  return { ...decoded[0], clientConfig };
}
