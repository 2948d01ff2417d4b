import { useSyncExternalStore } from 'react';
import type { Conversation, LastMessage } from '../model';

/**
 * The list previews of encrypted chats as this device decrypted them. The server knows only that a message was
 * sent (last_message.content is ""), so the row shows the newest note this device has, or "Encrypted message"
 * when the server's last message is newer than anything decrypted here.
 */
const previews = new Map<string, LastMessage>();
const listeners = new Set<() => void>();
let version = 0;

/** Clocks of sender and server differ a little: a decrypted note this close to the server's time is the same. */
const CLOCK_SKEW_MS = 120_000;

export function setPreview(conversationId: string, last: LastMessage | null): void {
  if (last) previews.set(conversationId, last);
  else previews.delete(conversationId);
  version += 1;
  for (const listener of listeners) listener();
}

export function clearPreviews(): void {
  previews.clear();
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The decrypted last message, or null when this device has none as new as the server's. */
export function decryptedLastMessage(conversation: Conversation): LastMessage | null {
  const local = previews.get(conversation.id);
  const server = conversation.last_message;
  if (!local) return null;
  if (server && Date.parse(local.created_at) < Date.parse(server.created_at) - CLOCK_SKEW_MS) return null;
  return local;
}

/** Re-renders the caller when a preview changes. */
export function usePreviewVersion(): number {
  return useSyncExternalStore(subscribe, () => version);
}
