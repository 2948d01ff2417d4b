/* global self */
/* Service worker: shows web push notifications and routes notification clicks into the open app.
   It caches nothing, so a deploy can never leave users stuck on stale code. */

self.addEventListener('install', () => {
  self.skipWaiting();
});

self.addEventListener('activate', (event) => {
  event.waitUntil(self.clients.claim());
});

function readPushPayload(event) {
  if (!event.data) return null;
  try {
    return event.data.json();
  } catch {
    return { title: event.data.text() };
  }
}

/** A path inside this origin that a notification should open, else the notifications page. */
function pathOf(payload) {
  const candidate = payload && (payload.path || (payload.data && payload.data.path));
  if (typeof candidate === 'string' && candidate.startsWith('/') && !candidate.startsWith('//'))
    return candidate;
  return '/notifications';
}

self.addEventListener('push', (event) => {
  const payload = readPushPayload(event);
  if (!payload) return;
  event.waitUntil(
    self.registration.showNotification(payload.title || 'palchat', {
      body: payload.body || '',
      icon: payload.icon || '/icons/icon-192.png',
      tag: payload.notification_id ? String(payload.notification_id) : undefined,
      data: { path: pathOf(payload) },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const path = pathOf(event.notification.data);
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((clients) => {
      const client = clients.find((candidate) => new URL(candidate.url).origin === self.location.origin);
      if (client) {
        // The page pushes the path into its router (SPEC §7), keeping the app state it already has.
        client.postMessage({ type: 'navigate', path });
        return client.focus();
      }
      return self.clients.openWindow(path);
    }),
  );
});
