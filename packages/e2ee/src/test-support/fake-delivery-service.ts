/**
 * An in-memory Delivery Service for the tests: the ordering rules of docs/E2EE-API.md (the first commit of an
 * epoch wins, a stale post gets 409; in forwarding mode posts answer 202 and are ordered later by the "home
 * server", which drops stale commits), per-device fetch from the Welcome on, key packages handed out once.
 */
import { equalBytes, fromBase64, toBase64 } from '../bytes.js';
import { readFraming } from '../framing.js';
import { welcomeKeyPackageRefs } from '../group.js';
import { decodeKeyPackage, keyPackageRef } from '../key-packages.js';
import {
  TransportError,
  type EphemeralEnvelope,
  type MlsEnvelope,
  type PendingRemoval,
  type PostEnvelopeBody,
  type PostResult,
  type Transport,
} from '../transport.js';

interface FakeDevice {
  id: string;
  accountId: string;
  signatureKey: string;
  keyPackages: string[];
  revoked: boolean;
}

interface FakeConversation {
  id: string;
  groupId: Uint8Array;
  epoch: number;
  participants: Set<string>;
  log: MlsEnvelope[];
  /** device id → seq of the Welcome that added it (0 for the creator's) */
  joined: Map<string, number>;
  acks: Map<string, number>;
  pendingRemovals: PendingRemoval[];
}

export class FakeDeliveryService {
  readonly devices = new Map<string, FakeDevice>();
  readonly conversations = new Map<string, FakeConversation>();
  readonly media = new Map<string, Uint8Array>();
  /** key package ref → device, for routing Welcomes */
  private readonly refs = new Map<string, string>();
  private nextId = 1;
  /** when set, posts answer 202 and wait here until deliverForwarded() */
  forwarding = false;
  private readonly forwarded: { conversationId: string; accountId: string; body: PostEnvelopeBody }[] = [];
  readonly ephemeral: EphemeralEnvelope[] = [];
  /** the stream: every ordered envelope, to every participant */
  onEnvelope?: (accountId: string, envelope: MlsEnvelope) => void;

  transport(accountId: string): Transport {
    return {
      registerDevice: async ({ signature_public_key }) => {
        const device = {
          id: this.id(),
          accountId,
          signatureKey: signature_public_key,
          keyPackages: [],
          revoked: false,
        };
        this.devices.set(device.id, device);
        return this.deviceView(device);
      },
      listDevices: async () => this.activeDevices(accountId).map((d) => this.deviceView(d)),
      uploadKeyPackages: async (deviceId, keyPackages) => {
        const device = this.ownDevice(accountId, deviceId);
        for (const kp of keyPackages) {
          const keyPackage = decodeKeyPackage(fromBase64(kp));
          if (toBase64(keyPackage.leafNode.signaturePublicKey) !== device.signatureKey)
            throw new TransportError(422, {});
          this.refs.set(await keyPackageRef(keyPackage), deviceId);
          device.keyPackages.push(kp);
        }
        return { key_packages_available: device.keyPackages.length };
      },
      claimKeyPackages: async ({ account_ids, exclude_device_ids = [] }) => {
        const result: Awaited<ReturnType<Transport['claimKeyPackages']>> = {
          key_packages: [],
          unavailable: [],
        };
        for (const id of account_ids) {
          const devices = this.activeDevices(id).filter((d) => !exclude_device_ids.includes(d.id));
          const withPackages = devices.filter((d) => d.keyPackages.length > 0);
          if (withPackages.length === 0) result.unavailable.push({ account_id: id, reason: 'no_devices' });
          for (const d of withPackages) {
            result.key_packages.push({
              account_id: id,
              device_id: d.id,
              key_package: d.keyPackages.shift()!,
            });
          }
        }
        return result;
      },
      accountDevices: async (id) =>
        this.activeDevices(id).map((d) => ({
          id: d.id,
          account_id: d.accountId,
          created_at: '',
          fingerprint: '',
          signature_public_key: d.signatureKey,
        })),
      createConversation: async (body) => {
        const conversation: FakeConversation = {
          id: this.id(),
          groupId: fromBase64(body.mls_group_id),
          epoch: 0,
          participants: new Set([accountId, ...body.participant_ids]),
          log: [],
          joined: new Map(),
          acks: new Map(),
          pendingRemovals: [],
        };
        this.conversations.set(conversation.id, conversation);
        this.ownDevice(accountId, body.device_id);
        conversation.joined.set(body.device_id, 0);
        this.order(conversation, accountId, {
          device_id: body.device_id,
          message: body.commit,
          welcome: body.welcome,
        });
        return { id: conversation.id };
      },
      postEnvelope: async (conversationId, body) => this.post(conversationId, accountId, body),
      fetchEnvelopes: async (conversationId, { device_id, after = 0, limit = 100 }) => {
        const conversation = this.conversation(conversationId);
        this.ownDevice(accountId, device_id);
        const from = conversation.joined.get(device_id);
        if (from === undefined) return [];
        return conversation.log
          .filter(
            (e) => e.seq > after && e.seq >= from && (e.kind !== 'welcome' || e.device_id === device_id),
          )
          .slice(0, limit);
      },
      ack: async (conversationId, { device_id, seq }) => {
        this.conversation(conversationId).acks.set(device_id, seq);
      },
      pending: async (deviceId) => ({
        welcomes: [...this.conversations.values()].flatMap((c) =>
          c.log.filter(
            (e) => e.kind === 'welcome' && e.device_id === deviceId && (c.acks.get(deviceId) ?? 0) < e.seq,
          ),
        ),
        conversations: [...this.conversations.values()]
          .filter((c) => c.joined.has(deviceId) && c.log.some((e) => e.seq > (c.acks.get(deviceId) ?? 0)))
          .map((c) => ({ conversation_id: c.id, after: c.acks.get(deviceId) ?? 0, count: 1 })),
      }),
      pendingRemovals: async (conversationId) => this.conversation(conversationId).pendingRemovals,
      uploadMedia: async (ciphertext) => {
        const id = this.id();
        this.media.set(id, new Uint8Array(ciphertext));
        return { id, url: `https://a.example/e2ee/media/${id}`, size: ciphertext.length };
      },
      downloadMedia: async (url) => {
        const bytes = this.media.get(url.split('/').pop()!);
        if (!bytes) throw new TransportError(404, { error: 'Not found' });
        return new Uint8Array(bytes);
      },
    };
  }

  /** The home server orders what was forwarded, in arrival order; a stale commit is dropped. */
  deliverForwarded(order?: (queue: typeof this.forwarded) => typeof this.forwarded): void {
    const queue = order ? order([...this.forwarded]) : [...this.forwarded];
    this.forwarded.length = 0;
    for (const { conversationId, accountId, body } of queue) {
      const conversation = this.conversation(conversationId);
      const framing = readFraming(fromBase64(body.message))!;
      if (framing.kind === 'commit' && framing.epoch !== conversation.epoch) continue;
      this.order(conversation, accountId, body);
    }
  }

  /** A device revoked in preferences: its leaves must go (docs/E2EE-API.md, pending removals). */
  revokeDevice(deviceId: string, { withKey = true } = {}): void {
    const device = this.devices.get(deviceId)!;
    device.revoked = true;
    device.keyPackages = [];
    for (const conversation of this.conversations.values()) {
      if (!conversation.joined.has(deviceId)) continue;
      conversation.joined.delete(deviceId);
      conversation.pendingRemovals.push({
        account_id: device.accountId,
        device_id: deviceId,
        reason: 'device_revoked',
        ...(withKey ? { signature_public_key: device.signatureKey } : {}),
      });
    }
  }

  private post(conversationId: string, accountId: string, body: PostEnvelopeBody): PostResult {
    const conversation = this.conversation(conversationId);
    this.ownDevice(accountId, body.device_id);
    const framing = readFraming(fromBase64(body.message));
    if (!framing?.groupId || !equalBytes(framing.groupId, conversation.groupId)) {
      throw new TransportError(422, { error: 'Not a message of this chat' });
    }
    if (framing.epoch !== conversation.epoch) return { status: 'conflict', epoch: conversation.epoch };
    if (body.ephemeral) {
      this.ephemeral.push({
        conversation_id: conversationId,
        sender_id: accountId,
        sender_device_id: body.device_id,
        epoch: framing.epoch,
        message: body.message,
      });
      return { status: 'forwarded', id: this.id() };
    }
    if (this.forwarding) {
      this.forwarded.push({ conversationId, accountId, body });
      return { status: 'forwarded', id: this.id() };
    }
    return { status: 'ordered', envelope: this.order(conversation, accountId, body) };
  }

  private order(conversation: FakeConversation, accountId: string, body: PostEnvelopeBody): MlsEnvelope {
    const framing = readFraming(fromBase64(body.message))!;
    const envelope = this.append(
      conversation,
      accountId,
      body.device_id,
      framing.kind!,
      framing.epoch!,
      body,
    );
    if (framing.kind === 'commit') {
      conversation.epoch += 1;
      for (const id of body.add_participant_ids ?? []) conversation.participants.add(id);
      for (const id of body.remove_participant_ids ?? []) conversation.participants.delete(id);
      const removed = body.removed_device_ids ?? [];
      conversation.pendingRemovals = conversation.pendingRemovals.filter(
        (r) => !removed.includes(r.device_id),
      );
    }
    if (body.welcome) {
      for (const ref of welcomeKeyPackageRefs(fromBase64(body.welcome))) {
        const deviceId = this.refs.get(ref);
        if (!deviceId) continue;
        const welcome = this.append(conversation, accountId, body.device_id, 'welcome', conversation.epoch, {
          ...body,
          message: body.welcome,
        });
        welcome.device_id = deviceId;
        conversation.joined.set(deviceId, welcome.seq);
        this.onEnvelope?.(this.devices.get(deviceId)!.accountId, welcome);
      }
    }
    for (const participant of conversation.participants) this.onEnvelope?.(participant, envelope);
    return envelope;
  }

  private append(
    conversation: FakeConversation,
    accountId: string,
    deviceId: string,
    kind: MlsEnvelope['kind'],
    epoch: number,
    body: PostEnvelopeBody,
  ): MlsEnvelope {
    const envelope: MlsEnvelope = {
      id: this.id(),
      seq: conversation.log.length + 1,
      conversation_id: conversation.id,
      sender_id: accountId,
      sender_device_id: deviceId,
      kind,
      epoch,
      message: body.message,
      signal: body.signal ?? false,
      created_at: new Date().toISOString(),
    };
    conversation.log.push(envelope);
    return envelope;
  }

  private id(): string {
    return String(this.nextId++);
  }

  private activeDevices(accountId: string): FakeDevice[] {
    return [...this.devices.values()].filter((d) => d.accountId === accountId && !d.revoked);
  }

  private ownDevice(accountId: string, deviceId: string): FakeDevice {
    const device = this.devices.get(deviceId);
    if (!device || device.accountId !== accountId)
      throw new TransportError(403, { error: 'Not your device' });
    if (device.revoked) throw new TransportError(410, { error: 'This device was removed' });
    return device;
  }

  private conversation(id: string): FakeConversation {
    const conversation = this.conversations.get(id);
    if (!conversation) throw new TransportError(404, { error: 'Not found' });
    return conversation;
  }

  private deviceView(device: FakeDevice) {
    return {
      id: device.id,
      name: 'test',
      created_at: '',
      last_active_at: null,
      fingerprint: '',
      signature_public_key: device.signatureKey,
      key_packages_available: device.keyPackages.length,
    };
  }
}
