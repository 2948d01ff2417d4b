import { createDeviceClient, deleteDeviceState } from './core-adapter';
import { deviceNameFrom } from './device-name';
import type { ClientEvent, DeviceClient } from './device-client';
import { lockName, withLock } from './locks';
import { deleteTimeline, TimelineStore } from './timeline-store';

/**
 * This browser's encrypted-chat device for the signed-in account (one per tab and account, in the lazy chunk):
 * the IndexedDB stores (MLS state by @palchat/e2ee, decrypted history by timeline-store.ts) namespaced by the
 * account id, the MLS client over the cookie + CSRF API, the device registered under a name from the user agent,
 * its key packages kept topped up, and the end of it all when the server answers
 * `410 This device was removed` (local state wiped, listeners told).
 *
 * Other features use it through `openSession`, `currentSession`, `localDeviceId` and `wipeLocalDevice`.
 */

export interface SessionAccount {
  id: string;
  username: string;
}

export type SessionListener = (event: ClientEvent | { type: 'device_removed' }) => void;

export interface E2eeSession {
  readonly accountId: string;
  /** this device's id on the server */
  readonly deviceId: string;
  readonly client: DeviceClient;
  readonly timeline: TimelineStore;
  /** true once the server said this device was removed: nothing more is sent or received */
  isRemoved(): boolean;
  /** decrypted events and the device's removal */
  subscribe(listener: SessionListener): () => void;
  /** runs work on one conversation's MLS state while no other tab of this browser does */
  inConversation<T>(conversationId: string, work: () => Promise<T>): Promise<T>;
  /** tops up the key packages (at most once a minute) */
  tendKeyPackages(): Promise<void>;
  /** forgets this device here: keys, groups, decrypted history; the session ends */
  wipe(): Promise<void>;
}

const DEVICE_KEY = 'palchat-e2ee-device:';
const TEND_INTERVAL_MS = 60_000;

/** The id of this browser's device for the account, without opening anything (null: none registered here). */
export function localDeviceId(accountId: string): string | null {
  try {
    return localStorage.getItem(DEVICE_KEY + accountId);
  } catch {
    return null;
  }
}

/** The actor URI the device's credential names (docs/E2EE-API.md "credential"). */
export function actorUriOf(username: string, origin = window.location.origin): string {
  return `${origin}/users/${username}`;
}

let opening: { accountId: string; session: Promise<E2eeSession> } | null = null;
let opened: E2eeSession | null = null;

/** The session once open (null before, and after the device was removed or wiped). */
export function currentSession(): E2eeSession | null {
  return opened;
}

/** Opens (once per account and tab) the device session, registering the device on its first use. */
export function openSession(account: SessionAccount): Promise<E2eeSession> {
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
  const timeline = await TimelineStore.open(account.id);
  // the device registers under the one lock of the account: two tabs opening at once make one device
  const client = await withLock(lockName(account.id, 'device'), () =>
    createDeviceClient({
      accountId: account.id,
      actorUri: actorUriOf(account.username),
      deviceName: deviceNameFrom(navigator.userAgent),
      onEvent: emit,
      onDeviceRemoved: () => void session.wipe(),
    }),
  );
  try {
    localStorage.setItem(DEVICE_KEY + account.id, client.deviceId);
  } catch {
    // private mode without storage: the device works, the Devices list just cannot mark it
  }

  const session: E2eeSession = {
    accountId: account.id,
    deviceId: client.deviceId,
    client,
    timeline,
    isRemoved: () => removed,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    inConversation: (conversationId, work) => withLock(lockName(account.id, conversationId), work),
    async tendKeyPackages() {
      if (removed || Date.now() - lastTended < TEND_INTERVAL_MS) return;
      lastTended = Date.now();
      await withLock(lockName(account.id, 'key-packages'), () => client.refillKeyPackages());
    },
    async wipe() {
      if (removed) return;
      removed = true;
      if (opened === session) opened = null;
      if (opening?.accountId === account.id) opening = null;
      emit({ type: 'device_removed' });
      timeline.close();
      await Promise.allSettled([client.wipe(), deleteTimeline(account.id)]);
      try {
        localStorage.removeItem(DEVICE_KEY + account.id);
      } catch {
        // nothing kept
      }
    },
  };
  opened = session;
  return session;
}

/**
 * Wipes this browser's device of the account (removed from the Devices list), whether or not its session is open
 * in this tab; it never registers a device.
 */
export async function wipeLocalDevice(accountId: string): Promise<void> {
  if (opened?.accountId === accountId) return opened.wipe();
  await Promise.allSettled([deleteDeviceState(accountId), deleteTimeline(accountId)]);
  try {
    localStorage.removeItem(DEVICE_KEY + accountId);
  } catch {
    // nothing kept
  }
}
