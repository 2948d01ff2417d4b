import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../api/client';
import type { UnreadTotals } from '../api';
import type { Conversation, ConversationPage, Message, Reaction } from '../model';
import { applyIncomingMessage, sortByUpdatedAt, type IncomingContext } from '../rules/unread';
import { messageKeys } from '../query-keys';
import { holdsNewest, type ChatPages } from './window';

/** Cache writers shared by the send path and the stream (SPEC §4 transitions). */
type Pages = ChatPages;

/** Flattens the loaded pages (newest page first) into one oldest-first list. */
export function flattenPages(data: { pages: ConversationPage[] } | undefined): Message[] {
  if (!data) return [];
  const messages: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i -= 1) messages.push(...(data.pages[i]?.messages ?? []));
  return messages;
}

function mapMessages(data: Pages | undefined, map: (messages: Message[]) => Message[]): Pages | undefined {
  if (!data) return data;
  return { ...data, pages: data.pages.map((page) => ({ ...page, messages: map(page.messages) })) };
}

export function hasMessage(client: QueryClient, conversationId: string, id: string): boolean {
  const data = client.getQueryData<Pages>(messageKeys.conversation(conversationId));
  return data?.pages.some((page) => page.messages.some((m) => m.id === id)) ?? false;
}

/**
 * Read events that named a message not in the cache yet. The sender's own message lands when its POST answers,
 * and the stream may bring the partner's read before that answer: the read waits here for its message.
 */
const earlyReads = new WeakMap<QueryClient, Map<string, string[]>>();
/** bounds the waiting reads of messages that never land (a chat closed meanwhile) */
const EARLY_READS_KEPT = 200;

function keepEarlyReads(client: QueryClient, id: string, userId: string): void {
  let reads = earlyReads.get(client);
  if (!reads) earlyReads.set(client, (reads = new Map<string, string[]>()));
  const readers = reads.get(id) ?? [];
  if (!readers.includes(userId)) reads.set(id, [...readers, userId]);
  if (reads.size > EARLY_READS_KEPT) reads.delete(reads.keys().next().value ?? '');
}

function withEarlyReads(client: QueryClient, message: Message): Message {
  const reads = earlyReads.get(client);
  const readers = message.id ? reads?.get(message.id) : undefined;
  if (!reads || !readers) return message;
  reads.delete(message.id);
  const missing = readers.filter((id) => !message.read_by.includes(id));
  return missing.length ? { ...message, read_by: [...message.read_by, ...missing] } : message;
}

/**
 * Appends to the newest page; a pending copy with the same local key is replaced, duplicates ignored. A window
 * scrolled back into the history holds no newest page: the message comes with it when the reader returns.
 */
export function appendMessage(client: QueryClient, message: Message): void {
  client.setQueryData<Pages>(messageKeys.conversation(message.conversation_id), (data) => {
    if (!data || data.pages.length === 0 || !holdsNewest(data)) return data;
    const exists =
      message.id !== '' && data.pages.some((page) => page.messages.some((m) => m.id === message.id));
    const [newest, ...older] = data.pages;
    if (!newest) return data;
    let messages = newest.messages;
    if (message.local_key) messages = messages.filter((m) => m.local_key !== message.local_key);
    if (!exists) messages = [...messages, withEarlyReads(client, message)];
    return { ...data, pages: [{ ...newest, messages }, ...older] };
  });
}

export function dropPending(client: QueryClient, conversationId: string, localKey: string): void {
  client.setQueryData<Pages>(messageKeys.conversation(conversationId), (data) =>
    mapMessages(data, (messages) => messages.filter((m) => m.local_key !== localKey)),
  );
}

export function removeMessage(client: QueryClient, conversationId: string, id: string): void {
  client.setQueryData<Pages>(messageKeys.conversation(conversationId), (data) =>
    mapMessages(data, (messages) => messages.filter((m) => m.id !== id)),
  );
}

export function markReadBy(client: QueryClient, conversationId: string, userId: string, ids: string[]) {
  const data = client.getQueryData<Pages>(messageKeys.conversation(conversationId));
  // a chat not loaded reads its receipts from the server when it opens
  if (!data) return;
  const unseen = new Set(ids);
  for (const page of data.pages) for (const m of page.messages) unseen.delete(m.id);
  for (const id of unseen) keepEarlyReads(client, id, userId);
  const wanted = new Set(ids);
  client.setQueryData<Pages>(messageKeys.conversation(conversationId), (current) =>
    mapMessages(current, (messages) =>
      messages.map((m) =>
        wanted.has(m.id) && !m.read_by.includes(userId) ? { ...m, read_by: [...m.read_by, userId] } : m,
      ),
    ),
  );
}

export function replaceReactions(client: QueryClient, conversationId: string, id: string, reactions: Reaction[]) {
  client.setQueryData<Pages>(messageKeys.conversation(conversationId), (data) =>
    mapMessages(data, (messages) => messages.map((m) => (m.id === id ? { ...m, reactions } : m))),
  );
}

/** The loaded pages of the conversation list (each with its `next` link), as useConversations keeps them. */
export type ConversationListPages = InfiniteData<Page<Conversation>, unknown>;

/**
 * The conversations loaded so far, newest first, each once: a conversation that moved up between two page
 * loads can be in two pages.
 */
export function loadedConversations(data: ConversationListPages | undefined): Conversation[] {
  if (!data) return [];
  const byId = new Map<string, Conversation>();
  for (const page of data.pages) for (const c of page.items) if (!byId.has(c.id)) byId.set(c.id, c);
  return sortByUpdatedAt([...byId.values()]);
}

/**
 * Rewrites the loaded list as one: each conversation stays in the page it came from (so that a refetch
 * reloads as many pages), new ones join the first page; the list is shown sorted whatever page holds what.
 */
export function updateConversations(client: QueryClient, update: (list: Conversation[]) => Conversation[]) {
  const key = messageKeys.conversations();
  // a local edit is not a fetch: the list stays as stale (or invalidated) as it was, and reloads when due
  const before = client.getQueryState(key);
  client.setQueryData<ConversationListPages>(key, (data) => {
    if (!data) return data;
    const pageOf = new Map<string, number>();
    data.pages.forEach((page, index) => {
      for (const c of page.items) if (!pageOf.has(c.id)) pageOf.set(c.id, index);
    });
    const items: Conversation[][] = data.pages.map(() => []);
    for (const c of update(loadedConversations(data))) items[pageOf.get(c.id) ?? 0]?.push(c);
    return { ...data, pages: data.pages.map((page, index) => ({ ...page, items: items[index] ?? [] })) };
  }, before ? { updatedAt: before.dataUpdatedAt } : undefined);
  if (before?.isInvalidated) void client.invalidateQueries({ queryKey: key, refetchType: 'none' });
}

/**
 * A message into the loaded list: its conversation moves up with the new preview. A conversation not loaded yet
 * (new, or beyond the loaded pages) makes the list reload.
 */
export function applyMessageToList(client: QueryClient, message: Message, context: IncomingContext): void {
  updateConversations(client, (list) => applyIncomingMessage(list, message, context));
  const loaded = loadedConversations(client.getQueryData<ConversationListPages>(messageKeys.conversations()));
  if (!loaded.some((c) => c.id === message.conversation_id)) {
    void client.invalidateQueries({ queryKey: messageKeys.conversations() });
  }
}

/** Changes the unread badge by `delta` (a message that arrived), or, without one, has it read again. */
export function adjustUnread(client: QueryClient, delta?: number): void {
  if (delta === undefined) {
    void client.invalidateQueries({ queryKey: messageKeys.unread() });
    return;
  }
  client.setQueryData<UnreadTotals>(messageKeys.unread(), (totals) =>
    totals ? { ...totals, unread_count: Math.max(0, totals.unread_count + delta) } : totals,
  );
}

export function patchConversation(client: QueryClient, id: string, patch: Partial<Conversation>): void {
  updateConversations(client, (list) => list.map((c) => (c.id === id ? { ...c, ...patch } : c)));
}

export function removeConversation(client: QueryClient, id: string): void {
  updateConversations(client, (list) => list.filter((c) => c.id !== id));
  adjustUnread(client);
  client.removeQueries({ queryKey: messageKeys.conversation(id) });
}

export function upsertConversation(client: QueryClient, conversation: Conversation): void {
  updateConversations(client, (list) =>
    sortByUpdatedAt([conversation, ...list.filter((c) => c.id !== conversation.id)]),
  );
}
