import {
  EncryptedChatClient,
  HttpTransport,
  TransportError,
  type ChatEvent,
  type MlsEnvelope,
} from '@palchat/e2ee';
import { IdbStore } from '@palchat/e2ee/idb-store';
import { deviceNameFrom } from './device-name';
import { deleteViewStore, ViewStore } from './view-store';

/**
 * This browser's encrypted-chat device for the signed-in account (one per tab and account, in the lazy chunk):
 * @palchat/e2ee's store in IndexedDB (keys, MLS state, decrypted history) and the box's view store, both
 * namespaced by the account id; the MLS client over the cookie + CSRF API; the device registered under a name
 * from the user agent; its key packages topped up; and the end of it all when the server answers
 * `410 This device was removed` (local state wiped, listeners told).
 *
 * Other features use `openSession`, `currentSession`, `localDeviceId` and `wipeLocalDevice`; `session.client` is
 * the EncryptedChatClient (members, safety numbers, verification).
 */

export interface SessionAccount {
  id: string;
  username: string;
  /** the page's CSRF token (the session's API calls are same-origin, cookie + X-CSRF-Token) */
  csrfToken: string;
}

export type SessionEvent = ChatEvent | { type: 'device_removed' };
export type SessionListener = (event: SessionEvent) => void;

export interface E2eeSession {
  readonly accountId: string;
  /** the account's actor URI: the identity of this device's MLS credential */
  readonly actorUri: string;
  /** this device's id on the server */
  readonly deviceId: string;
  readonly client: EncryptedChatClient;
  readonly view: ViewStore;
  /** true once the server said this device was removed: nothing more is sent or received */
  isRemoved(): boolean;
  /** decrypted events, and the device's removal */
  subscribe(listener: SessionListener): () => void;
  /**
   * Runs work on one conversation: a 410 answer ends the session. (The client itself queues each conversation's
   * work, across this browser's tabs too, with Web Locks.)
   */
  inConversation<T>(conversationId: string, work: () => Promise<T>): Promise<T>;
  /** the epoch of the Welcome that added this device to a conversation, when seen */
  welcomeEpoch(conversationId: string): number | undefined;
  /** notes a Welcome from the stream */
  noteEnvelope(envelope: MlsEnvelope): void;
  /** tops up the key packages (at most once a minute) */
  tendKeyPackages(): Promise<void>;
  /** forgets this device here: keys, groups, decrypted history, view state; the session ends */
  wipe(): Promise<void>;
}

const DEVICE_KEY = 'palchat-e2ee-device:';
const TEND_INTERVAL_MS = 60_000;

export function storeName(accountId: string): string {
  return `palchat-e2ee-${accountId}`;
}

/** The id of this browser's device for the account, without opening anything (null: none registered here). */
export function localDeviceId(accountId: string): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY + accountId);
  } catch {
    return null;
  }
}

function forgetDeviceId(accountId: string): void {
  try {
    localStorage.removeItem(DEVICE_KEY + accountId);
  } catch {
    // nothing was kept
  }
}

/** The actor URI of this server's account (docs/E2EE-API.md "credential"). */
export function actorUriOf(username: string, origin = window.location.origin): string {
  return `${origin}/users/${username}`;
}

export function isDeviceRemoved(error: unknown): boolean {
  return error instanceof TransportError && error.status === 410;
}

let opening: { accountId: string; session: Promise<E2eeSession> } | null = null;
let opened: E2eeSession | null = null;

/** The session once open (null before, and after the device was removed or wiped). */
export function currentSession(): E2eeSession | null {
  return opened;
}

/** Accounts whose device was removed or wiped while this page was open: it registers no new one behind that. */
const removedHere = new Set<string>();

/** Opens (once per account and tab) the device session, registering the device on its first use. */
export function openSession(account: SessionAccount): Promise<E2eeSession> {
  if (removedHere.has(account.id)) return Promise.reject(new Error('This device was removed'));
  if (opening?.accountId === account.id) return opening.session;
  const session = startSession(account);
  opening = { accountId: account.id, session };
  session.catch(() => {
    if (opening?.session === session) opening = null;
  });
  return session;
}

async function startSession(account: SessionAccount): Promise<E2eeSession> {
  const listeners = new Set<SessionListener>();
  const emit: SessionListener = (event) => {
    for (const listener of listeners) listener(event);
  };
  let removed = false;
  let lastTended = 0;
  const actorUri = actorUriOf(account.username);
  const [store, view] = await Promise.all([IdbStore.open(storeName(account.id)), ViewStore.open(account.id)]);
  // Welcomes are noted on their way in: one after the chat's creation (epoch ≥ 2) means history before it
  const welcomeEpochs = new Map<string, number>();
  const noteWelcome = (envelope: MlsEnvelope) => {
    if (envelope.kind === 'welcome' && envelope.device_id === client.deviceId)
      welcomeEpochs.set(envelope.conversation_id, envelope.epoch);
  };
  const transport = new HttpTransport({ baseUrl: '', auth: { csrfToken: account.csrfToken } });
  const pending = transport.pending.bind(transport);
  transport.pending = async (deviceId) => {
    const work = await pending(deviceId);
    work.welcomes.forEach(noteWelcome);
    return work;
  };
  const client = new EncryptedChatClient({
    store,
    transport,
    accountId: account.id,
    actorUri,
    onEvent: emit,
  });

  const guard = async <T>(work: () => Promise<T>): Promise<T> => {
    try {
      return await work();
    } catch (error) {
      if (isDeviceRemoved(error)) await session.wipe();
      throw error;
    }
  };

  const session: E2eeSession = {
    accountId: account.id,
    actorUri,
    get deviceId() {
      return client.deviceId;
    },
    client,
    view,
    isRemoved: () => removed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inConversation: (_conversationId, work) => guard(work),
    welcomeEpoch: (conversationId) => welcomeEpochs.get(conversationId),
    noteEnvelope: noteWelcome,
    async tendKeyPackages() {
      if (removed || Date.now() - lastTended < TEND_INTERVAL_MS) return;
      lastTended = Date.now();
      await guard(() => client.refillKeyPackages());
    },
    async wipe() {
      if (removed) return;
      removed = true;
      removedHere.add(account.id);
      if (opened === session) opened = null;
      if (opening?.accountId === account.id) opening = null;
      emit({ type: 'device_removed' });
      store.close();
      view.close();
      await Promise.allSettled([IdbStore.destroy(storeName(account.id)), deleteViewStore(account.id)]);
      forgetDeviceId(account.id);
    },
  };

  await guard(() => client.ensureDevice(deviceNameFrom(navigator.userAgent)));
  try {
    localStorage.setItem(DEVICE_KEY + account.id, client.deviceId);
  } catch {
    // private mode without storage: the device works, the Devices list just cannot mark it
  }
  opened = session;
  return session;
}

/**
 * Wipes this browser's device of the account (removed from the Devices list), whether or not its session is open
 * in this tab; it never registers a device.
 */
export async function wipeLocalDevice(accountId: string): Promise<void> {
  removedHere.add(accountId);
  if (opened?.accountId === accountId) return opened.wipe();
  await Promise.allSettled([IdbStore.destroy(storeName(accountId)), deleteViewStore(accountId)]);
  forgetDeviceId(accountId);
}
