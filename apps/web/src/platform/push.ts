import { api, ApiError } from '../api/client';

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/** The alerts the web client asks for: every notification a user gets. */
const ALERTS = {
  follow: true,
  follow_request: true,
  favourite: true,
  reblog: true,
  mention: true,
  poll: true,
};

/** Whether this browser can receive pushes (a service worker, a PushManager and notifications). */
export function pushSupported(): boolean {
  return typeof Notification !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window;
}

const SUBSCRIPTION_PATH = '/api/v1/push/subscription';

/** Remembers, per browser, that the user turned pushes off in the settings: start-up then leaves them off. */
const TURNED_OFF_KEY = 'palchat.push.turned_off';

export function pushTurnedOff(): boolean {
  try {
    return window.localStorage.getItem(TURNED_OFF_KEY) === '1';
  } catch {
    return false;
  }
}

function rememberTurnedOff(off: boolean): void {
  try {
    if (off) window.localStorage.setItem(TURNED_OFF_KEY, '1');
    else window.localStorage.removeItem(TURNED_OFF_KEY);
  } catch {
    // storage refused (private mode): start-up may subscribe again, which the user can undo
  }
}

/** The server's subscription for this session's token, or null when there is none (404). */
export async function serverSubscription(): Promise<{ endpoint: string } | null> {
  return api.get<{ endpoint: string }>(SUBSCRIPTION_PATH, { bearer: true }).catch((error: unknown) => {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  });
}

/**
 * Subscribes the browser and tells the server (RFC 8291 encoding: `standard`), unless the server already has
 * this browser's subscription. Needs notification permission; errors reach the caller.
 */
export async function subscribePush(vapidKey: string): Promise<void> {
  rememberTurnedOff(false);
  const registration = await navigator.serviceWorker.ready;
  const existing = await registration.pushManager.getSubscription();
  const onServer = await serverSubscription();
  if (existing && onServer?.endpoint === existing.endpoint) return;
  const subscription =
    existing ??
    (await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: urlBase64ToBytes(vapidKey),
    }));
  const json = subscription.toJSON();
  await api.post(
    SUBSCRIPTION_PATH,
    {
      subscription: { endpoint: json.endpoint, keys: json.keys, standard: true },
      data: { alerts: ALERTS, policy: 'all' },
    },
    { bearer: true },
  );
}

/** Stops pushes: the server forgets the subscription and the browser drops it. */
export async function unsubscribePush(): Promise<void> {
  rememberTurnedOff(true);
  await api.delete(SUBSCRIPTION_PATH, { bearer: true });
  const registration = await navigator.serviceWorker.ready;
  await (await registration.pushManager.getSubscription())?.unsubscribe();
}

/**
 * Web push registration at start-up (SPEC §7): only when notification permission is already granted and the
 * browser has a PushManager. A server without the push API (404) or without a VAPID key is left alone quietly.
 */
export async function registerPush(vapidKey: string | null | undefined): Promise<void> {
  if (!pushSupported() || Notification.permission !== 'granted' || !vapidKey || pushTurnedOff()) return;
  try {
    await subscribePush(vapidKey);
  } catch (error) {
    console.info('Web push is not available:', error instanceof Error ? error.message : error);
  }
}
