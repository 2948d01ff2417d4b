/**
 * EncryptedChatClient: one device's encrypted chats over a Transport (docs/E2EE-API.md). It keeps the MLS
 * group states and decrypted history in an E2eeStore, runs every operation of a conversation through one queue,
 * and implements the Delivery Service's ordering protocol: a commit is applied only once the server ordered it
 * (201, or its own envelope coming back after a 202); on 409, or when another commit of the epoch wins, the
 * client processes the winner and makes its change again on the new epoch.
 */
import { zeroOutUint8Array } from 'ts-mls';
import {
  decodeAppData,
  encodeAppData,
  isSignal,
  type AppData,
  type EncryptedAttachment,
} from './app-data.js';
import { equalBytes, fromBase64, sha256, toBase64, toHex } from './bytes.js';
import {
  addMembers as commitAdd,
  createGroup,
  decodeState,
  encodeState,
  encryptApplication,
  epochOf,
  groupIdOf,
  isActive,
  joinFromWelcome,
  leavesOf,
  members as groupMembers,
  ownLeafIndex,
  processIncoming,
  removeMembers as commitRemove,
  welcomeKeyPackageRefs,
  type CommitOutput,
  type GroupState,
  type Member,
} from './group.js';
import { addSystemMessage, applyAppData, placeOwnMessage, type ChatEvent, type Origin } from './history.js';
import { createIdentity, fingerprint, type DeviceIdentity } from './identity.js';
import { decodeKeyPackage, generateKeyPackages, keyPackageActorUri } from './key-packages.js';
import { decryptMedia, encryptMedia } from './media.js';
import { leavesOfPeople, membershipChanges, staleLeaves, unique } from './membership.js';
import { KeyedQueue, webLocks } from './queue.js';
import { safetyNumber } from './safety-number.js';
import type { E2eeStore, StoredMessage } from './store.js';
import type {
  ClaimResult,
  ConversationRef,
  EphemeralEnvelope,
  MlsEnvelope,
  PostEnvelopeBody,
  Transport,
} from './transport.js';

export const KEY_PACKAGE_TARGET = 10;
export const KEY_PACKAGE_LOW_WATER = 5;
/** a claimed key package's Welcome may come this late (ciphertext is kept at most 30 days by default) */
const KEY_PACKAGE_MAX_AGE_MS = 60 * 24 * 3600 * 1000;
const FETCH_LIMIT = 100;
const MAX_ATTEMPTS = 5;

export interface ClientOptions {
  store: E2eeStore;
  transport: Transport;
  /** the signed-in account's id and actor URI (the credential's identity) */
  accountId: string;
  actorUri: string;
  onEvent?: (event: ChatEvent) => void;
}

export interface MemberInfo extends Member {
  fingerprint: string;
  verified: boolean;
  /** this device's own leaf */
  self: boolean;
}

export type CommitStatus = 'ordered' | 'forwarded' | 'nothing';

/** Some participant cannot take part in an encrypted chat (the box explains `reason`). */
export class NotEligibleError extends Error {
  override name = 'NotEligibleError';
  constructor(readonly unavailable: ClaimResult['unavailable']) {
    super('Not every participant can join an encrypted chat');
  }
}

/** A change of this chat is still waiting for the server's order; try again after the next sync. */
export class PendingCommitError extends Error {
  override name = 'PendingCommitError';
  constructor() {
    super('A change of this chat is waiting for the server');
  }
}

type CommitPlan = (
  state: GroupState,
) => Promise<{ output: CommitOutput; body?: Partial<PostEnvelopeBody> } | undefined>;

export class EncryptedChatClient {
  private identity: DeviceIdentity | undefined;
  private readonly queue: KeyedQueue;
  /** decoded group states with the bytes they came from: another tab may have moved the stored one on */
  private readonly states = new Map<string, { bytes: Uint8Array; state: GroupState }>();
  private readonly queuedSyncs = new Map<string, Promise<void>>();
  /** the plans of forwarded commits, to make them again if another commit of their epoch wins */
  private readonly plans = new Map<string, CommitPlan>();
  private readonly lost = new Set<string>();

  constructor(private readonly options: ClientOptions) {
    this.queue = new KeyedQueue(webLocks(`palchat-e2ee:${options.actorUri}:`));
  }

  private get store(): E2eeStore {
    return this.options.store;
  }

  private get transport(): Transport {
    return this.options.transport;
  }

  get deviceId(): string {
    return this.device().deviceId!;
  }

  // ------------------------------------------------------------------------------------ device, key packages

  /** Loads or creates this browser's identity, registers it as a device once, and fills its key package pool. */
  ensureDevice(name: string): Promise<DeviceIdentity> {
    // one registration even when several tabs start at once
    return this.queue.run('device', () => this.ensureDeviceLocked(name));
  }

  private async ensureDeviceLocked(name: string): Promise<DeviceIdentity> {
    let identity = await this.store.getIdentity();
    if (identity && identity.actorUri !== this.options.actorUri) {
      throw new Error('This store belongs to another account');
    }
    if (!identity) {
      identity = await createIdentity(this.options.actorUri);
      await this.store.putIdentity(identity);
    }
    let available: number | undefined;
    if (identity.deviceId === null) {
      const device = await this.transport.registerDevice({
        name,
        signature_public_key: toBase64(identity.signaturePublicKey),
      });
      identity = { ...identity, deviceId: device.id };
      await this.store.putIdentity(identity);
      available = device.key_packages_available;
    }
    this.identity = identity;
    await this.refillKeyPackages(available);
    return identity;
  }

  /** Tops the server's pool up to 10 when fewer than 5 remain; the private parts are stored first. */
  refillKeyPackages(available?: number): Promise<number> {
    // one refill at a time: Welcomes of several chats arriving together must not each top the pool up
    return this.queue.run('key-packages', () => this.refillLocked(available));
  }

  private async refillLocked(available?: number): Promise<number> {
    const identity = this.device();
    const count =
      available ??
      (await this.transport.listDevices()).find((d) => d.id === identity.deviceId)?.key_packages_available ??
      0;
    if (count >= KEY_PACKAGE_LOW_WATER) return count;
    await this.pruneKeyPackages();
    const fresh = await generateKeyPackages(identity, KEY_PACKAGE_TARGET - count);
    for (const keyPackage of fresh) await this.store.putKeyPackage(keyPackage);
    const result = await this.transport.uploadKeyPackages(
      identity.deviceId!,
      fresh.map((kp) => toBase64(kp.message)),
    );
    return result.key_packages_available;
  }

  /** Private parts of key packages claimed long ago whose Welcome never came. */
  private async pruneKeyPackages(): Promise<void> {
    const oldest = Date.now() - KEY_PACKAGE_MAX_AGE_MS;
    for (const ref of await this.store.listKeyPackageRefs()) {
      const keyPackage = await this.store.getKeyPackage(ref);
      if (keyPackage && Date.parse(keyPackage.createdAt) < oldest) await this.store.deleteKeyPackage(ref);
    }
  }

  /** What to do on start: join from waiting Welcomes, fetch every conversation with news. */
  async start(): Promise<void> {
    const work = await this.transport.pending(this.deviceId);
    for (const welcome of work.welcomes) await this.handleEnvelope(welcome);
    await Promise.all(work.conversations.map((c) => this.sync(c.conversation_id)));
    for (const conversationId of await this.store.listConversationIds()) {
      if (await this.store.getPendingCommit(conversationId)) await this.sync(conversationId);
    }
  }

  // ---------------------------------------------------------------------------------------- conversations

  /** Makes the group, adds a device of every participant (and this account's other devices) and creates the chat. */
  async createConversation(participantIds: string[], name?: string): Promise<ConversationRef> {
    const identity = this.device();
    const others = participantIds.filter((id) => id !== this.options.accountId);
    const keyPackages = await this.claim([...others, this.options.accountId], [identity.deviceId!]);
    const output = await commitAdd(await createGroup(identity), keyPackages);
    const conversation = await this.transport.createConversation({
      device_id: identity.deviceId!,
      participant_ids: others,
      ...(name !== undefined ? { name } : {}),
      mls_group_id: toBase64(groupIdOf(output.newState)),
      commit: toBase64(output.commit),
      welcome: toBase64(output.welcome!),
    });
    await this.queue.run(conversation.id, () => this.saveState(conversation.id, output.newState));
    return conversation;
  }

  /** Encrypts and sends one application message; returns the message it created or changed, if any. */
  send(conversationId: string, data: AppData): Promise<StoredMessage | undefined> {
    return this.queue.run(conversationId, () => this.sendLocked(conversationId, data));
  }

  /** Typing: relayed to online devices, never stored, dropped on an epoch mismatch. */
  sendEphemeral(conversationId: string, data: AppData): Promise<void> {
    return this.queue.run(conversationId, async () => {
      const state = await this.loadState(conversationId);
      if (!state || !isActive(state)) return;
      const { newState, message } = await encryptApplication(state, encodeAppData(data));
      await this.saveState(conversationId, newState);
      await this.transport.postEnvelope(conversationId, {
        device_id: this.deviceId,
        message: toBase64(message),
        signal: true,
        ephemeral: true,
      });
    });
  }

  /** Fetches what this device has not processed, in seq order, processes and acknowledges it. */
  sync(conversationId: string): Promise<void> {
    // a sync already waiting in the queue will fetch everything this one would
    const queued = this.queuedSyncs.get(conversationId);
    if (queued) return queued;
    const run = this.queue.run(conversationId, async () => {
      this.queuedSyncs.delete(conversationId);
      await this.syncLocked(conversationId);
      await this.remakeLostCommit(conversationId);
    });
    this.queuedSyncs.set(conversationId, run);
    return run;
  }

  /** An envelope from the stream: a Welcome for this device joins, anything else triggers a sync. */
  async handleEnvelope(envelope: MlsEnvelope): Promise<void> {
    const conversationId = envelope.conversation_id;
    if (envelope.kind === 'welcome') {
      if (envelope.device_id !== this.deviceId) return;
      await this.queue.run(conversationId, () => this.join(conversationId, envelope));
    }
    await this.sync(conversationId);
  }

  /** A typing notification from the stream. */
  handleEphemeral(envelope: EphemeralEnvelope): Promise<void> {
    const conversationId = envelope.conversation_id;
    if (envelope.sender_device_id === this.deviceId) return Promise.resolve();
    return this.queue.run(conversationId, async () => {
      const state = await this.loadState(conversationId);
      if (!state || epochOf(state) !== envelope.epoch) return;
      try {
        const result = await processIncoming(state, fromBase64(envelope.message));
        if (result.kind !== 'application') return;
        await this.saveState(conversationId, result.newState);
        const data = decodeAppData(result.data);
        if (data.type !== 'Typing') return;
        this.emit([{ type: 'typing', conversationId, actorUri: result.sender.actorUri, state: data.state }]);
      } catch {
        // a typing notification that does not decrypt is simply not shown
      }
    });
  }

  // ------------------------------------------------------------------------------------ membership commits

  /** Adds people (as the admin): a device of each, one commit, one Welcome. */
  async addMembers(conversationId: string, accountIds: string[]): Promise<CommitStatus> {
    const keyPackages = await this.claim(accountIds, []);
    return this.queue.run(conversationId, () =>
      this.commitLocked(conversationId, async (state) => ({
        output: await commitAdd(state, keyPackages),
        body: { add_participant_ids: accountIds },
      })),
    );
  }

  /** Adds the devices of participants (this account's too) that are not in the group yet. */
  async addDevices(conversationId: string, accountIds: string[]): Promise<CommitStatus> {
    const state = await this.queue.run(conversationId, () => this.loadState(conversationId));
    if (!state) return 'nothing';
    const inGroup = groupMembers(state).map((m) => m.signaturePublicKey);
    const devices = (await Promise.all(accountIds.map((id) => this.transport.accountDevices(id)))).flat();
    const present = devices.filter((d) =>
      inGroup.some((key) => equalBytes(key, fromBase64(d.signature_public_key))),
    );
    if (present.length === devices.length) return 'nothing';
    const claimed = await this.transport.claimKeyPackages({
      account_ids: accountIds,
      exclude_device_ids: [...present.map((d) => d.id), this.deviceId],
    });
    // a new device must carry the identity its person already has in the group
    const actorOf = new Map<string, string>([[this.options.accountId, this.options.actorUri]]);
    for (const device of present) {
      const leaf = groupMembers(state).find((m) =>
        equalBytes(m.signaturePublicKey, fromBase64(device.signature_public_key)),
      );
      if (leaf && !actorOf.has(device.account_id)) actorOf.set(device.account_id, leaf.actorUri);
    }
    const keyPackages = claimed.key_packages
      .map((kp) => ({ account: kp.account_id, bytes: fromBase64(kp.key_package) }))
      .filter(({ account, bytes }) => {
        const expected = actorOf.get(account);
        return expected === undefined || keyPackageActorUri(decodeKeyPackage(bytes)) === expected;
      })
      .map(({ bytes }) => bytes);
    return this.queue.run(conversationId, () =>
      this.commitLocked(conversationId, async (current) => {
        const keys = groupMembers(current).map((m) => m.signaturePublicKey);
        const fresh = keyPackages.filter((bytes) => {
          const leafKey = decodeKeyPackage(bytes).leafNode.signaturePublicKey;
          return !keys.some((key) => equalBytes(key, leafKey));
        });
        return fresh.length > 0 ? { output: await commitAdd(current, fresh) } : undefined;
      }),
    );
  }

  /** Removes people (as the admin): every leaf of theirs, in one commit that also changes the membership. */
  async removeMembers(conversationId: string, accountIds: string[]): Promise<CommitStatus> {
    const keys = await this.signatureKeysOf(accountIds);
    return this.queue.run(conversationId, () =>
      this.commitLocked(conversationId, async (state) => {
        const leaves = leavesOfPeople(state, keys);
        if (leaves.length === 0) return undefined;
        return { output: await commitRemove(state, leaves), body: { remove_participant_ids: accountIds } };
      }),
    );
  }

  /** Commits the removals the server asks for (people who left or were removed, revoked devices). */
  async commitPendingRemovals(conversationId: string): Promise<CommitStatus> {
    const removals = await this.transport.pendingRemovals(conversationId);
    if (removals.length === 0) return 'nothing';
    const deviceKeys = removals.flatMap((r) =>
      r.signature_public_key ? [fromBase64(r.signature_public_key)] : [],
    );
    const people = unique(removals.filter((r) => r.reason !== 'device_revoked').map((r) => r.account_id));
    const personKeys = await this.signatureKeysOf(people);
    // a revoked device named without its key: its account's leaves whose key is no longer an active device's
    const unkeyed = unique(
      removals
        .filter((r) => r.reason === 'device_revoked' && !r.signature_public_key)
        .map((r) => r.account_id),
    );
    const activeKeys = await Promise.all(unkeyed.map((id) => this.signatureKeysOf([id])));
    return this.queue.run(conversationId, () =>
      this.commitLocked(conversationId, async (state) => {
        const leaves = unique([
          ...leavesOf(state, { signaturePublicKeys: deviceKeys }),
          ...leavesOfPeople(state, personKeys),
          ...activeKeys.flatMap((keys) => staleLeaves(state, keys)),
        ]);
        if (leaves.length === 0) return undefined;
        return {
          output: await commitRemove(state, leaves),
          body: { removed_device_ids: removals.map((r) => r.device_id) },
        };
      }),
    );
  }

  // ------------------------------------------------------------------------------- members, verification

  async members(conversationId: string): Promise<MemberInfo[]> {
    const state = await this.queue.run(conversationId, () => this.loadState(conversationId));
    if (!state) return [];
    const own = ownLeafIndex(state);
    return Promise.all(
      groupMembers(state).map(async (m) => ({
        ...m,
        fingerprint: await fingerprint(m.signaturePublicKey),
        verified: m.leafIndex === own || !!(await this.store.getVerification(toHex(m.signaturePublicKey))),
        self: m.leafIndex === own,
      })),
    );
  }

  async safetyNumber(conversationId: string): Promise<string | undefined> {
    const state = await this.queue.run(conversationId, () => this.loadState(conversationId));
    return state ? safetyNumber(groupMembers(state)) : undefined;
  }

  /** The user compared the safety number: every device now in the chat counts as verified. */
  async markVerified(conversationId: string): Promise<void> {
    const verifiedAt = new Date().toISOString();
    for (const member of await this.members(conversationId)) {
      if (member.self) continue;
      await this.store.putVerification({
        signatureKey: toHex(member.signaturePublicKey),
        actorUri: member.actorUri,
        verifiedAt,
      });
    }
  }

  async allVerified(conversationId: string): Promise<boolean> {
    const list = await this.members(conversationId);
    return list.length > 0 && list.every((m) => m.verified);
  }

  history(conversationId: string): Promise<StoredMessage[]> {
    return this.store.listMessages(conversationId);
  }

  /** Search runs here, over what this device decrypted (the server has nothing to search). */
  async search(query: string, conversationIds?: string[]): Promise<StoredMessage[]> {
    const needle = query.trim().toLocaleLowerCase();
    if (!needle) return [];
    const ids = conversationIds ?? (await this.store.listConversationIds());
    const found: StoredMessage[] = [];
    for (const id of ids) {
      for (const message of await this.store.listMessages(id)) {
        if (message.note?.text.toLocaleLowerCase().includes(needle)) found.push(message);
      }
    }
    return found;
  }

  /** Drops a conversation's keys and history from this device (left, dissolved). */
  forget(conversationId: string): Promise<void> {
    return this.queue.run(conversationId, async () => {
      this.states.delete(conversationId);
      await this.store.forgetConversation(conversationId);
    });
  }

  // ------------------------------------------------------------------------------------------------ media

  /** Encrypts a file with a fresh key, uploads the ciphertext, and returns the attachment for a Note. */
  async uploadAttachment(
    file: Uint8Array | Blob,
    mediaType: string,
    size?: { width: number; height: number },
    conversationId?: string,
  ): Promise<EncryptedAttachment> {
    const { ciphertext, keys } = await encryptMedia(file, mediaType);
    const uploaded = await this.transport.uploadMedia(ciphertext, conversationId);
    return {
      type: mediaType.startsWith('video/') ? 'Video' : 'Image',
      mediaType,
      url: uploaded.url,
      key: keys.key,
      iv: keys.iv,
      digest: keys.digest,
      ...size,
    };
  }

  async openAttachment(attachment: EncryptedAttachment): Promise<Uint8Array> {
    return decryptMedia(await this.transport.downloadMedia(attachment.url), attachment);
  }

  // ------------------------------------------------------------------------------------------- internals

  private device(): DeviceIdentity {
    if (!this.identity?.deviceId) throw new Error('Call ensureDevice() first');
    return this.identity;
  }

  private emit(events: ChatEvent[]): void {
    for (const event of events) this.options.onEvent?.(event);
  }

  private async loadState(conversationId: string): Promise<GroupState | undefined> {
    const bytes = await this.store.getGroupState(conversationId);
    if (!bytes) return undefined;
    const cached = this.states.get(conversationId);
    if (cached && equalBytes(cached.bytes, bytes)) return cached.state;
    const state = decodeState(bytes);
    this.states.set(conversationId, { bytes, state });
    return state;
  }

  private async saveState(conversationId: string, state: GroupState): Promise<void> {
    const bytes = encodeState(state);
    await this.store.putGroupState(conversationId, bytes);
    this.states.set(conversationId, { bytes, state });
  }

  /** One key package per device of each account; checks that each account's packages name one actor. */
  private async claim(accountIds: string[], excludeDeviceIds: string[]): Promise<Uint8Array[]> {
    const claimed = await this.transport.claimKeyPackages({
      account_ids: accountIds,
      ...(excludeDeviceIds.length > 0 ? { exclude_device_ids: excludeDeviceIds } : {}),
    });
    const missing = claimed.unavailable.filter((u) => u.account_id !== this.options.accountId);
    if (missing.length > 0) throw new NotEligibleError(missing);
    const actors = new Map<string, string>();
    return claimed.key_packages.map((kp) => {
      const bytes = fromBase64(kp.key_package);
      const actorUri = keyPackageActorUri(decodeKeyPackage(bytes));
      const ownAccount = kp.account_id === this.options.accountId;
      const expected = ownAccount ? this.options.actorUri : actors.get(kp.account_id);
      const claimedByOther = !ownAccount && actorUri === this.options.actorUri;
      if ((expected !== undefined && expected !== actorUri) || claimedByOther) {
        throw new Error('A key package names the wrong account');
      }
      actors.set(kp.account_id, actorUri);
      return bytes;
    });
  }

  private async signatureKeysOf(accountIds: string[]): Promise<Uint8Array[]> {
    const devices = await Promise.all(accountIds.map((id) => this.transport.accountDevices(id)));
    return devices.flat().map((d) => fromBase64(d.signature_public_key));
  }

  private async sendLocked(conversationId: string, data: AppData): Promise<StoredMessage | undefined> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      const state = await this.loadState(conversationId);
      if (!state || !isActive(state)) throw new Error('This device is not in the chat');
      const { newState, message } = await encryptApplication(state, encodeAppData(data));
      // saved before it leaves: a generation's key is never used twice, whatever the network does
      await this.saveState(conversationId, newState);
      const result = await this.transport.postEnvelope(conversationId, {
        device_id: this.deviceId,
        message: toBase64(message),
        signal: isSignal(data),
      });
      if (result.status === 'conflict') {
        await this.syncLocked(conversationId);
        continue;
      }
      const ordered = result.status === 'ordered';
      const origin: Origin = {
        conversationId,
        senderActorUri: this.options.actorUri,
        seq: ordered ? result.envelope.seq : null,
        createdAt: ordered ? result.envelope.created_at : new Date().toISOString(),
        ...(ordered ? {} : { localEnvelope: toHex(await sha256(message)) }),
      };
      const events = await applyAppData(this.store, origin, data);
      this.emit(events);
      const changed = events.find((e) => e.type === 'message' || e.type === 'message_updated');
      return changed && 'message' in changed ? changed.message : undefined;
    }
    throw new Error('The chat kept changing; the message was not sent');
  }

  private async commitLocked(conversationId: string, plan: CommitPlan): Promise<CommitStatus> {
    for (let attempt = 0; attempt < MAX_ATTEMPTS; attempt++) {
      if (await this.store.getPendingCommit(conversationId)) {
        await this.syncLocked(conversationId);
        if (await this.store.getPendingCommit(conversationId)) throw new PendingCommitError();
      }
      const state = await this.loadState(conversationId);
      if (!state || !isActive(state)) throw new Error('This device is not in the chat');
      const planned = await plan(state);
      if (!planned) return 'nothing';
      const { output, body } = planned;
      const result = await this.transport.postEnvelope(conversationId, {
        ...body,
        device_id: this.deviceId,
        message: toBase64(output.commit),
        ...(output.welcome ? { welcome: toBase64(output.welcome) } : {}),
      });
      if (result.status === 'conflict') {
        await this.syncLocked(conversationId);
        continue;
      }
      if (result.status === 'ordered') {
        output.consumed.forEach(zeroOutUint8Array);
        await this.adoptOwnCommit(conversationId, state, output.newState, result.envelope);
        return 'ordered';
      }
      await this.store.putPendingCommit(conversationId, {
        epoch: epochOf(state),
        commit: output.commit,
        newState: encodeState(output.newState),
      });
      this.plans.set(conversationId, plan);
      return 'forwarded';
    }
    throw new Error('The chat kept changing; the change was not made');
  }

  private async remakeLostCommit(conversationId: string): Promise<void> {
    if (!this.lost.delete(conversationId)) return;
    const plan = this.plans.get(conversationId);
    this.plans.delete(conversationId);
    if (plan) await this.commitLocked(conversationId, plan);
  }

  private async syncLocked(conversationId: string): Promise<void> {
    let after = (await this.store.getCursor(conversationId)) ?? 0;
    for (;;) {
      const envelopes = await this.transport.fetchEnvelopes(conversationId, {
        device_id: this.deviceId,
        after,
        limit: FETCH_LIMIT,
      });
      const start = after;
      for (const envelope of envelopes) {
        if (envelope.seq <= after) continue;
        await this.processEnvelope(conversationId, envelope);
        after = envelope.seq;
        await this.store.putCursor(conversationId, after);
      }
      // also when everything was processed already: an ack lost earlier is made good
      if (envelopes.length > 0)
        await this.transport.ack(conversationId, { device_id: this.deviceId, seq: after });
      // a short page is the end; a page that moved nothing on would repeat forever
      if (envelopes.length < FETCH_LIMIT || after === start) return;
    }
  }

  private async processEnvelope(conversationId: string, envelope: MlsEnvelope): Promise<void> {
    if (envelope.kind === 'welcome') {
      if (envelope.device_id === this.deviceId) await this.join(conversationId, envelope);
      return;
    }
    const state = await this.loadState(conversationId);
    if (!state || !isActive(state)) return;
    let bytes: Uint8Array;
    try {
      bytes = fromBase64(envelope.message);
    } catch {
      return this.undecryptable(conversationId, envelope, 'Invalid base64');
    }
    if (envelope.kind === 'commit') {
      if (envelope.epoch < epochOf(state)) return;
      const pending = await this.store.getPendingCommit(conversationId);
      // recognised by its bytes, whatever sender device the server names
      if (pending && equalBytes(pending.commit, bytes))
        return this.adoptPending(conversationId, state, envelope);
      if (envelope.sender_device_id === this.deviceId) return;
      if (pending && pending.epoch === envelope.epoch) {
        // another commit of our epoch won: ours is void and is made again after this sync
        await this.store.deletePendingCommit(conversationId);
        this.lost.add(conversationId);
      }
    }
    if (envelope.sender_device_id === this.deviceId)
      return this.ownMessageReturned(conversationId, envelope, bytes);
    let result;
    try {
      result = await processIncoming(state, bytes);
    } catch (error) {
      return this.undecryptable(
        conversationId,
        envelope,
        error instanceof Error ? error.message : 'MLS error',
      );
    }
    await this.saveState(conversationId, result.newState);
    const origin = { conversationId, seq: envelope.seq, createdAt: envelope.created_at };
    if (result.kind === 'application') {
      let data: AppData;
      try {
        data = decodeAppData(result.data);
      } catch (error) {
        return this.undecryptable(conversationId, envelope, (error as Error).message);
      }
      this.emit(await applyAppData(this.store, { ...origin, senderActorUri: result.sender.actorUri }, data));
    } else if (result.kind === 'commit') {
      const committer = result.committer?.actorUri ?? '';
      if (result.removedSelf) {
        this.emit(
          await addSystemMessage(
            this.store,
            { ...origin, senderActorUri: committer },
            `system:${envelope.id}`,
            {
              type: 'removed_self',
            },
          ),
        );
        this.states.delete(conversationId);
        await this.store.deleteGroupState(conversationId);
        await this.store.deletePendingCommit(conversationId);
        this.emit([{ type: 'removed', conversationId }]);
        return;
      }
      await this.membershipMessages(conversationId, state, result.newState, envelope, committer);
    }
  }

  /** This device's own application message came back: a forwarded one takes its place in the order. */
  private async ownMessageReturned(
    conversationId: string,
    envelope: MlsEnvelope,
    bytes: Uint8Array,
  ): Promise<void> {
    if (envelope.kind !== 'application') return;
    this.emit(await placeOwnMessage(this.store, conversationId, toHex(await sha256(bytes)), envelope.seq));
  }

  /** This device's forwarded commit came back ordered: its state is now the chat's. */
  private async adoptPending(
    conversationId: string,
    state: GroupState,
    envelope: MlsEnvelope,
  ): Promise<void> {
    const pending = (await this.store.getPendingCommit(conversationId))!;
    this.plans.delete(conversationId);
    await this.adoptOwnCommit(conversationId, state, decodeState(pending.newState), envelope);
  }

  private async adoptOwnCommit(
    conversationId: string,
    before: GroupState,
    after: GroupState,
    envelope: MlsEnvelope,
  ): Promise<void> {
    await this.saveState(conversationId, after);
    await this.store.deletePendingCommit(conversationId);
    await this.membershipMessages(conversationId, before, after, envelope, this.options.actorUri);
  }

  /** System messages for people and devices that joined or left with a commit. */
  private async membershipMessages(
    conversationId: string,
    before: GroupState,
    after: GroupState,
    envelope: MlsEnvelope,
    committer: string,
  ): Promise<void> {
    const changes = await membershipChanges(groupMembers(before), groupMembers(after));
    const origin = {
      conversationId,
      senderActorUri: committer,
      seq: envelope.seq,
      createdAt: envelope.created_at,
    };
    for (const [i, change] of changes.entries()) {
      this.emit(await addSystemMessage(this.store, origin, `system:${envelope.id}:${i}`, change));
    }
  }

  private async join(conversationId: string, envelope: MlsEnvelope): Promise<void> {
    if (await this.loadState(conversationId)) return;
    const identity = this.device();
    try {
      const welcome = fromBase64(envelope.message);
      const refs = welcomeKeyPackageRefs(welcome);
      let keyPackage;
      for (const ref of refs) keyPackage ??= await this.store.getKeyPackage(ref);
      if (!keyPackage) return this.undecryptable(conversationId, envelope, 'No key package of this device');
      await this.saveState(conversationId, await joinFromWelcome(identity, welcome, keyPackage));
      await this.store.deleteKeyPackage(keyPackage.ref);
      await this.store.putCursor(conversationId, envelope.seq);
    } catch (error) {
      return this.undecryptable(
        conversationId,
        envelope,
        error instanceof Error ? error.message : 'Invalid Welcome',
      );
    }
    this.emit([{ type: 'joined', conversationId }]);
    await this.refillKeyPackages().catch(() => undefined);
  }

  private undecryptable(conversationId: string, envelope: MlsEnvelope, reason: string): void {
    this.emit([{ type: 'undecryptable', conversationId, envelopeId: envelope.id, reason }]);
  }
}
