import { useSyncExternalStore } from 'react';

/**
 * Requests to open the message box from outside it (the phone's Messages tab). The box loads lazily, so a
 * request may come before it exists: requests are counted, never reset, and the box opens once for each one it
 * has not seen yet, including those made before it mounted.
 */
let requests = 0;
const listeners = new Set<() => void>();

export function requestMessageBox(): void {
  requests += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** How many times the box was asked to open since the page loaded. */
export function useMessageBoxRequests(): number {
  return useSyncExternalStore(subscribe, () => requests);
}
