/**
 * What a device keeps: its identity, its key packages' private parts, one MLS group state per conversation (and
 * a commit waiting for the server's order), the messages it decrypted (history, search, previews), the
 * fingerprints its user verified, and per-conversation cursors. `E2eeStore` is the typed interface;
 * `KeyValueStore` implements it over four primitive operations, so that the in-memory store (Node tests, the
 * benchmarks) and the IndexedDB store (idb-store.ts) share one implementation of the layout.
 */
import type { NoteData } from './app-data.js';
import type { DeviceIdentity } from './identity.js';
import type { StoredKeyPackage } from './key-packages.js';

export interface Reaction {
  /** the Like's id, which an Undo names */
  likeId: string;
  actorUri: string;
  emoji: string;
}

export type SystemEvent =
  | { type: 'device_added' | 'device_removed'; actorUri: string; fingerprint: string }
  | { type: 'member_added' | 'member_removed'; actorUri: string }
  | { type: 'removed_self' };

export interface StoredMessage {
  conversationId: string;
  /** the Note's urn:uuid id, or a local id for system messages */
  id: string;
  kind: 'note' | 'system';
  senderActorUri: string;
  /** the envelope's seq once ordered; null while this device's own message is on its way */
  seq: number | null;
  createdAt: string;
  note?: NoteData;
  system?: SystemEvent;
  reactions: Reaction[];
  deleted: boolean;
  /** this device's own send, forwarded and not yet ordered: a digest of its MLS message */
  localEnvelope?: string;
}

/** A commit this device made, waiting for the Delivery Service (201, or its own envelope after a 202). */
export interface PendingCommit {
  epoch: number;
  commit: Uint8Array;
  /** the encoded group state once the commit is ordered */
  newState: Uint8Array;
}

export interface Verification {
  /** hex of the device's signature public key */
  signatureKey: string;
  actorUri: string;
  verifiedAt: string;
}

export interface E2eeStore {
  getIdentity(): Promise<DeviceIdentity | undefined>;
  putIdentity(identity: DeviceIdentity): Promise<void>;

  getKeyPackage(ref: string): Promise<StoredKeyPackage | undefined>;
  putKeyPackage(keyPackage: StoredKeyPackage): Promise<void>;
  deleteKeyPackage(ref: string): Promise<void>;
  listKeyPackageRefs(): Promise<string[]>;

  getGroupState(conversationId: string): Promise<Uint8Array | undefined>;
  putGroupState(conversationId: string, state: Uint8Array): Promise<void>;
  deleteGroupState(conversationId: string): Promise<void>;
  listConversationIds(): Promise<string[]>;

  getPendingCommit(conversationId: string): Promise<PendingCommit | undefined>;
  putPendingCommit(conversationId: string, pending: PendingCommit): Promise<void>;
  deletePendingCommit(conversationId: string): Promise<void>;

  getMessage(conversationId: string, id: string): Promise<StoredMessage | undefined>;
  putMessage(message: StoredMessage): Promise<void>;
  deleteMessage(conversationId: string, id: string): Promise<void>;
  /** in conversation order: by seq, this device's unordered sends last */
  listMessages(conversationId: string): Promise<StoredMessage[]>;

  getVerification(signatureKey: string): Promise<Verification | undefined>;
  putVerification(verification: Verification): Promise<void>;
  deleteVerification(signatureKey: string): Promise<void>;

  /** the highest envelope seq processed and acknowledged */
  getCursor(conversationId: string): Promise<number | undefined>;
  putCursor(conversationId: string, seq: number): Promise<void>;

  /** everything of one conversation (it was dissolved, left, or this device was removed from it) */
  forgetConversation(conversationId: string): Promise<void>;
}

/** The layout over a plain key-value map; values are structured-cloneable. */
export abstract class KeyValueStore implements E2eeStore {
  protected abstract get<T>(key: string): Promise<T | undefined>;
  protected abstract put(key: string, value: unknown): Promise<void>;
  protected abstract delete(key: string): Promise<void>;
  /** [key, value] of every key starting with prefix */
  protected abstract entries<T>(prefix: string): Promise<[string, T][]>;

  getIdentity = () => this.get<DeviceIdentity>('identity');
  putIdentity = (identity: DeviceIdentity) => this.put('identity', identity);

  getKeyPackage = (ref: string) => this.get<StoredKeyPackage>(`kp/${ref}`);
  putKeyPackage = (kp: StoredKeyPackage) => this.put(`kp/${kp.ref}`, kp);
  deleteKeyPackage = (ref: string) => this.delete(`kp/${ref}`);
  listKeyPackageRefs = async () => (await this.entries('kp/')).map(([key]) => key.slice(3));

  getGroupState = (id: string) => this.get<Uint8Array>(`group/${id}`);
  putGroupState = (id: string, state: Uint8Array) => this.put(`group/${id}`, state);
  deleteGroupState = (id: string) => this.delete(`group/${id}`);
  listConversationIds = async () => (await this.entries('group/')).map(([key]) => key.slice(6));

  getPendingCommit = (id: string) => this.get<PendingCommit>(`pending/${id}`);
  putPendingCommit = (id: string, pending: PendingCommit) => this.put(`pending/${id}`, pending);
  deletePendingCommit = (id: string) => this.delete(`pending/${id}`);

  getMessage = (cid: string, id: string) => this.get<StoredMessage>(`msg/${cid}/${id}`);
  putMessage = (m: StoredMessage) => this.put(`msg/${m.conversationId}/${m.id}`, m);
  deleteMessage = (cid: string, id: string) => this.delete(`msg/${cid}/${id}`);
  listMessages = async (cid: string) =>
    (await this.entries<StoredMessage>(`msg/${cid}/`)).map(([, m]) => m).sort(conversationOrder);

  getVerification = (key: string) => this.get<Verification>(`verified/${key}`);
  putVerification = (v: Verification) => this.put(`verified/${v.signatureKey}`, v);
  deleteVerification = (key: string) => this.delete(`verified/${key}`);

  getCursor = (id: string) => this.get<number>(`cursor/${id}`);
  putCursor = (id: string, seq: number) => this.put(`cursor/${id}`, seq);

  async forgetConversation(id: string): Promise<void> {
    const messages = await this.entries(`msg/${id}/`);
    for (const [key] of messages) await this.delete(key);
    for (const key of [`group/${id}`, `pending/${id}`, `cursor/${id}`]) await this.delete(key);
  }
}

function conversationOrder(a: StoredMessage, b: StoredMessage): number {
  const seqA = a.seq ?? Number.MAX_SAFE_INTEGER;
  const seqB = b.seq ?? Number.MAX_SAFE_INTEGER;
  return seqA - seqB || a.createdAt.localeCompare(b.createdAt);
}

/** For Node tests and benchmarks; values are cloned in and out as IndexedDB would. */
export class MemoryStore extends KeyValueStore {
  private readonly map = new Map<string, unknown>();

  protected async get<T>(key: string): Promise<T | undefined> {
    const value = this.map.get(key);
    return value === undefined ? undefined : (structuredClone(value) as T);
  }

  protected async put(key: string, value: unknown): Promise<void> {
    this.map.set(key, structuredClone(value));
  }

  protected async delete(key: string): Promise<void> {
    this.map.delete(key);
  }

  protected async entries<T>(prefix: string): Promise<[string, T][]> {
    return [...this.map]
      .filter(([key]) => key.startsWith(prefix))
      .map(([key, value]) => [key, structuredClone(value) as T]);
  }
}
