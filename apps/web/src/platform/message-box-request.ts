import { useSyncExternalStore } from 'react';

/**
 * Requests to open the message box from outside it (the phone's Messages tab). The box loads lazily, so a
 * request may come before it exists: requests are counted, and the box answers those no box has answered yet,
 * including those made before it mounted (and not again when it mounts anew, as on a change of layout).
 */
let requests = 0;
let answered = 0;
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

/** True once for requests not answered yet: the caller opens the box. */
export function takeMessageBoxRequest(): boolean {
  if (answered === requests) return false;
  answered = requests;
  return true;
}
