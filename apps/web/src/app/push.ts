import { api, ApiError } from '../api/client';

function urlBase64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const padded = (base64 + '='.repeat((4 - (base64.length % 4)) % 4)).replace(/-/g, '+').replace(/_/g, '/');
  const raw = window.atob(padded);
  const bytes = new Uint8Array(new ArrayBuffer(raw.length));
  for (let index = 0; index < raw.length; index += 1) bytes[index] = raw.charCodeAt(index);
  return bytes;
}

/**
 * Web push registration (SPEC §7): only when notification permission is already granted and the browser has
 * a PushManager. A server without the push API (404) or without a VAPID key is left alone quietly.
 */
export async function registerPush(vapidKey: string | null | undefined): Promise<void> {
  if (typeof Notification === 'undefined' || Notification.permission !== 'granted') return;
  if (!('serviceWorker' in navigator) || !('PushManager' in window) || !vapidKey) return;
  try {
    const registration = await navigator.serviceWorker.ready;
    const existing = await registration.pushManager.getSubscription();
    const onServer = await api
      .get<{ endpoint: string }>('/api/v1/push/subscription', { bearer: true })
      .catch((error: unknown) => {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      });
    if (existing && onServer?.endpoint === existing.endpoint) return;
    const subscription =
      existing ??
      (await registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: urlBase64ToBytes(vapidKey),
      }));
    const json = subscription.toJSON();
    await api.post(
      '/api/v1/push/subscription',
      {
        subscription: { endpoint: json.endpoint, keys: json.keys },
        data: { alerts: { follow: true, favourite: true, reblog: true, mention: true, poll: true } },
      },
      { bearer: true },
    );
  } catch (error) {
    console.info('Web push is not available:', error instanceof Error ? error.message : error);
  }
}
