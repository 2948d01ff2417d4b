import {
  acceptAll,
  createApplicationMessage,
  createCommit,
  createGroup,
  decodeMlsMessage,
  defaultCapabilities,
  defaultLifetime,
  emptyPskIndex,
  encodeMlsMessage,
  generateKeyPackageWithKey,
  getCiphersuiteFromName,
  getCiphersuiteImpl,
  joinGroup,
  processMessage,
  type CiphersuiteImpl,
  type ClientState,
  type KeyPackage,
  type MLSMessage,
  type PrivateKeyPackage,
  type Proposal,
} from 'ts-mls';
import { makeKeyPackageRef } from 'ts-mls/keyPackage.js';
import type { TestServer } from './harness.js';
import type { TestAccount } from './factories.js';
import { call } from './messaging.js';

/**
 * A real MLS client (ts-mls) for server tests: one device of one account, talking to the /api/v1/e2ee API the way
 * the browser does. Only what the tests need; the product's client is packages/e2ee.
 */

const SUITE = 'MLS_128_DHKEMX25519_AES128GCM_SHA256_Ed25519';
let suite: Promise<CiphersuiteImpl> | undefined;
export const mlsSuite = (): Promise<CiphersuiteImpl> =>
  (suite ??= getCiphersuiteImpl(getCiphersuiteFromName(SUITE)));

export const b64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');
export const unb64 = (text: string): Uint8Array => new Uint8Array(Buffer.from(text, 'base64'));
export const encodeMessage = (message: MLSMessage): string => b64(encodeMlsMessage(message));
export const decodeMessage = (text: string): MLSMessage => {
  const decoded = decodeMlsMessage(unb64(text), 0);
  if (!decoded) throw new Error('not an MLS message');
  return decoded[0];
};

interface OwnKeyPackage {
  publicPackage: KeyPackage;
  privatePackage: PrivateKeyPackage;
}

export interface Envelope {
  id: string;
  seq: number;
  kind: string;
  epoch: number;
  message: string;
  sender_id: string;
  sender_device_id: string | null;
  device_id?: string;
  signal: boolean;
}

export class MlsDevice {
  id = '';
  state: ClientState | undefined;
  conversationId = '';
  /** the Welcome (base64) of this device's last creation or addition */
  lastWelcome = '';
  readonly received: string[] = [];
  private readonly keyPackages = new Map<string, OwnKeyPackage>();
  private signKey: Uint8Array = new Uint8Array();
  publicKey: Uint8Array = new Uint8Array();

  constructor(
    readonly server: TestServer,
    readonly account: TestAccount,
  ) {}

  get identity(): string {
    return `${this.server.config.publicUrl}/users/${this.account.account.username}`;
  }

  /** POST /devices with a fresh signature key, then `count` key packages. */
  async register(count = 3): Promise<this> {
    const cs = await mlsSuite();
    const pair = await cs.signature.keygen();
    this.signKey = pair.signKey;
    this.publicKey = pair.publicKey;
    const created = await call(this.server, this.account, 'POST', '/api/v1/e2ee/devices', {
      name: 'Test browser',
      signature_public_key: b64(pair.publicKey),
    });
    if (created.status !== 201) throw new Error(`device: ${created.status} ${JSON.stringify(created.json)}`);
    this.id = String(created.body.id);
    if (count > 0) await this.uploadKeyPackages(count);
    return this;
  }

  async newKeyPackage(identity = this.identity): Promise<OwnKeyPackage> {
    const cs = await mlsSuite();
    const made = await generateKeyPackageWithKey(
      { credentialType: 'basic', identity: new TextEncoder().encode(identity) },
      defaultCapabilities(),
      defaultLifetime,
      [],
      { signKey: this.signKey, publicKey: this.publicKey },
      cs,
    );
    const ref = Buffer.from(await makeKeyPackageRef(made.publicPackage, cs.hash)).toString('hex');
    this.keyPackages.set(ref, made);
    return made;
  }

  static encodeKeyPackage(keyPackage: KeyPackage): string {
    return encodeMessage({ version: 'mls10', wireformat: 'mls_key_package', keyPackage });
  }

  async uploadKeyPackages(count: number) {
    const list = [];
    for (let i = 0; i < count; i++)
      list.push(MlsDevice.encodeKeyPackage((await this.newKeyPackage()).publicPackage));
    return call(this.server, this.account, 'POST', `/api/v1/e2ee/devices/${this.id}/key_packages`, {
      key_packages: list,
    });
  }

  async claim(accountIds: string[]): Promise<KeyPackage[]> {
    const response = await call(this.server, this.account, 'POST', '/api/v1/e2ee/key_packages/claim', {
      account_ids: accountIds,
      exclude_device_ids: [this.id],
    });
    const items = response.body.key_packages as { key_package: string }[];
    return items.map((item) => {
      const message = decodeMessage(item.key_package);
      if (message.wireformat !== 'mls_key_package') throw new Error('not a key package');
      return message.keyPackage;
    });
  }

  /** Makes the group, adds every device of `others` (and none of its own others), creates the chat. */
  async createChat(otherIds: string[], name?: string) {
    const cs = await mlsSuite();
    const own = await this.newKeyPackage();
    const groupId = crypto.getRandomValues(new Uint8Array(16));
    const state = await createGroup(groupId, own.publicPackage, own.privatePackage, [], cs);
    const keyPackages = await this.claim(otherIds);
    const result = await createCommit(
      { state, cipherSuite: cs },
      { extraProposals: keyPackages.map(addOf), ratchetTreeExtension: true },
    );
    const response = await call(this.server, this.account, 'POST', '/api/v1/e2ee/conversations', {
      participant_ids: otherIds,
      ...(name ? { name } : {}),
      mls_group_id: b64(groupId),
      commit: encodeMessage(result.commit),
      welcome: (this.lastWelcome = encodeMessage({
        version: 'mls10',
        wireformat: 'mls_welcome',
        welcome: requireWelcome(result),
      })),
      device_id: this.id,
    });
    if (response.status === 201) {
      this.state = result.newState;
      this.conversationId = String(response.body.id);
    }
    return response;
  }

  /** A commit adding these accounts' devices, sent through friend_messages' add_participants. */
  async addPeople(accountIds: string[]) {
    const cs = await mlsSuite();
    const keyPackages = await this.claim(accountIds);
    const result = await createCommit(
      { state: this.requireState(), cipherSuite: cs },
      { extraProposals: keyPackages.map(addOf), ratchetTreeExtension: true },
    );
    const response = await call(
      this.server,
      this.account,
      'POST',
      `/api/v1/friend_messages/conversations/${this.conversationId}/add_participants`,
      {
        participant_ids: accountIds,
        mls: {
          device_id: this.id,
          message: encodeMessage(result.commit),
          welcome: encodeMessage({
            version: 'mls10',
            wireformat: 'mls_welcome',
            welcome: requireWelcome(result),
          }),
        },
      },
    );
    if (response.status === 200) this.state = result.newState;
    return response;
  }

  /** A commit removing the leaves whose credential is one of these identities. */
  async removeLeavesOf(identities: string[], body: (message: string) => Record<string, unknown>) {
    const cs = await mlsSuite();
    const state = this.requireState();
    const proposals: Proposal[] = [];
    state.ratchetTree.forEach((node, index) => {
      if (node?.nodeType !== 'leaf') return;
      const credential = node.leaf.credential;
      if (credential.credentialType !== 'basic') return;
      if (identities.includes(new TextDecoder().decode(credential.identity)))
        proposals.push({ proposalType: 'remove', remove: { removed: index / 2 } });
    });
    const result = await createCommit({ state, cipherSuite: cs }, { extraProposals: proposals });
    return { result, request: body(encodeMessage(result.commit)) };
  }

  async commitEmpty() {
    const cs = await mlsSuite();
    return createCommit({ state: this.requireState(), cipherSuite: cs }, {});
  }

  async post(body: Record<string, unknown>) {
    return call(
      this.server,
      this.account,
      'POST',
      `/api/v1/e2ee/conversations/${this.conversationId}/messages`,
      {
        device_id: this.id,
        ...body,
      },
    );
  }

  /** Encrypts `text` as an application message (base64 MLSMessage), without posting it. */
  async encrypt(text: string): Promise<string> {
    const cs = await mlsSuite();
    const made = await createApplicationMessage(this.requireState(), new TextEncoder().encode(text), cs);
    this.state = made.newState;
    return encodeMessage({
      version: 'mls10',
      wireformat: 'mls_private_message',
      privateMessage: made.privateMessage,
    });
  }

  /** Encrypts `text` as an application message and posts it. */
  async send(text: string, extra: Record<string, unknown> = {}) {
    const cs = await mlsSuite();
    const made = await createApplicationMessage(this.requireState(), new TextEncoder().encode(text), cs);
    const response = await this.post({
      message: encodeMessage({
        version: 'mls10',
        wireformat: 'mls_private_message',
        privateMessage: made.privateMessage,
      }),
      ...extra,
    });
    if (response.status === 201 || response.status === 202) this.state = made.newState;
    return response;
  }

  async fetch(conversationId = this.conversationId) {
    return call(
      this.server,
      this.account,
      'GET',
      `/api/v1/e2ee/conversations/${conversationId}/messages?device_id=${this.id}`,
    );
  }

  async ack(seq: number, conversationId = this.conversationId) {
    return call(this.server, this.account, 'POST', `/api/v1/e2ee/conversations/${conversationId}/ack`, {
      device_id: this.id,
      seq,
    });
  }

  /** Joins from its pending Welcome, then reads (and acknowledges) everything since. */
  async sync(): Promise<string[]> {
    const cs = await mlsSuite();
    if (!this.state) {
      const pending = await call(
        this.server,
        this.account,
        'GET',
        `/api/v1/e2ee/pending?device_id=${this.id}`,
      );
      const welcomes = (pending.body.welcomes ?? []) as Envelope[];
      const welcome = welcomes.at(-1);
      if (!welcome) return [];
      await this.join(welcome);
      this.conversationId = String((welcome as Envelope & { conversation_id: string }).conversation_id);
    }
    const response = await this.fetch();
    const texts: string[] = [];
    let last = 0;
    for (const envelope of response.json as Envelope[]) {
      last = envelope.seq;
      if (envelope.kind === 'welcome' || envelope.sender_device_id === this.id) continue;
      const message = decodeMessage(envelope.message);
      if (message.wireformat !== 'mls_private_message' && message.wireformat !== 'mls_public_message')
        continue;
      const result = await processMessage(message, this.requireState(), emptyPskIndex, acceptAll, cs);
      this.state = result.newState;
      if (result.kind === 'applicationMessage') texts.push(new TextDecoder().decode(result.message));
    }
    if (last > 0) await this.ack(last);
    this.received.push(...texts);
    return texts;
  }

  /** Joins from a Welcome (base64) delivered some other way (a remote member's server). */
  async join(envelope: Pick<Envelope, 'message'>): Promise<void> {
    const cs = await mlsSuite();
    const message = decodeMessage(envelope.message);
    if (message.wireformat !== 'mls_welcome') throw new Error('not a Welcome');
    for (const secret of message.welcome.secrets) {
      const own = this.keyPackages.get(Buffer.from(secret.newMember).toString('hex'));
      if (!own) continue;
      this.state = await joinGroup(message.welcome, own.publicPackage, own.privatePackage, emptyPskIndex, cs);
      return;
    }
    throw new Error('no key package of this device in the Welcome');
  }

  requireState(): ClientState {
    if (!this.state) throw new Error('not in a group');
    return this.state;
  }
}

const addOf = (keyPackage: KeyPackage): Proposal => ({ proposalType: 'add', add: { keyPackage } });

function requireWelcome(result: { welcome: unknown }) {
  if (!result.welcome) throw new Error('no Welcome');
  return result.welcome as Extract<MLSMessage, { wireformat: 'mls_welcome' }>['welcome'];
}
