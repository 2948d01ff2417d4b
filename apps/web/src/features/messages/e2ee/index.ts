import type { Conversation, SearchResult } from '../model';
import type { QueryClient } from '@tanstack/react-query';
import { messageKeys } from '../query-keys';
import type * as Runtime from './runtime';
import type { SessionAccount } from './session';

/**
 * The box's seam to encrypted chats. This module is light: the MLS code (@palchat/e2ee, ts-mls) and the device
 * session are in the lazy chunk `runtime.ts`, loaded only when an encrypted chat opens, a new chat is started, or
 * the expanded box tends its key packages; never with the first load of a page.
 */

export function isEncrypted(conversation: Conversation | null | undefined): boolean {
  return conversation?.encrypted === true;
}

/** Local ids of an encrypted chat's rows (`urn:uuid:` notes, `system:` rows); server message ids are digits. */
export function isLocalMessageId(id: string): boolean {
  return id.startsWith('urn:') || id.startsWith('system:');
}

export type EncryptionRuntime = typeof Runtime;
export const ENCRYPTED_EVENTS = [
  'e2ee_message',
  'e2ee_ephemeral',
  'e2ee_pending_removals',
  'e2ee_devices_changed',
];

let runtime: Promise<EncryptionRuntime> | null = null;

/** The lazy chunk with the MLS client; a failed download is tried again by the next caller. */
export function loadEncryption(): Promise<EncryptionRuntime> {
  runtime ??= import('./runtime').catch((error: unknown) => {
    runtime = null;
    throw error;
  });
  return runtime;
}

let account: SessionAccount | null = null;

/** The signed-in account of the box (set by its EncryptionProvider): whose device pages are read with. */
export function setBoxAccount(next: SessionAccount): void {
  account = next;
}

export function boxAccount(): SessionAccount {
  if (!account) throw new Error('The message box has no account yet');
  return account;
}

/**
 * The stream's events of encrypted chats (docs/E2EE-API.md "Streaming"). The server's figures (list, unread
 * counts) are read again for a message of someone else; the open session, if any, decrypts.
 */
export async function forwardEncryptedEvent(
  event: string,
  payload: unknown,
  context: { client: QueryClient; currentUserId: string },
): Promise<void> {
  if (event === 'e2ee_message') {
    const envelope = payload as { kind?: string; signal?: boolean; sender_id?: string };
    const news =
      envelope.kind === 'welcome' ||
      (envelope.kind === 'application' && !envelope.signal && envelope.sender_id !== context.currentUserId);
    if (news) {
      void context.client.invalidateQueries({ queryKey: messageKeys.conversations() });
      void context.client.invalidateQueries({ queryKey: messageKeys.unread() });
    }
  }
  if (active && !active.session.isRemoved())
    await active.runtime.applyStreamEvent(active.session, active.box, event, payload);
}

/** The box's runtime, device session and view context, once its EncryptionProvider started them. */
export interface Encryption {
  runtime: EncryptionRuntime;
  session: Runtime.E2eeSession;
  box: Runtime.BoxContext;
}

let active: Encryption | null = null;

export function setActiveEncryption(next: Encryption | null): void {
  active = next;
}

export { EncryptionLock } from './EncryptionLock';

/**
 * Decrypted messages of this device's encrypted chats matching `query` (in one conversation, or all the list
 * holds), newest first: the server cannot search them. Nothing before the device session started.
 */
export async function searchEncrypted(
  client: QueryClient,
  query: string,
  conversationId: string | null,
): Promise<SearchResult[]> {
  if (!active) return [];
  const lists = client.getQueriesData<{ pages: { items: Conversation[] }[] }>({
    queryKey: messageKeys.conversations(),
  });
  const conversations = new Map<string, Conversation>();
  for (const [, list] of lists)
    for (const page of list?.pages ?? [])
      for (const c of page.items)
        if (isEncrypted(c) && (conversationId === null || c.id === conversationId))
          conversations.set(c.id, c);
  return active.runtime.searchLocal(active.session, [...conversations.values()], query);
}
