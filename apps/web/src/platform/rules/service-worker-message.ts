export type ServiceWorkerAction = { kind: 'navigate'; path: string } | { kind: 'unknown'; data: unknown };

/** A message from /sw.js: `{ type: 'navigate', path }` pushes the path; anything else is unknown. */
export function interpretServiceWorkerMessage(data: unknown): ServiceWorkerAction {
  if (typeof data === 'object' && data !== null) {
    const message = data as { type?: unknown; path?: unknown };
    if (message.type === 'navigate' && typeof message.path === 'string' && message.path.startsWith('/'))
      return { kind: 'navigate', path: message.path };
  }
  return { kind: 'unknown', data };
}
