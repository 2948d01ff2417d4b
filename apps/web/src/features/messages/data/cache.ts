import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Conversation, ConversationPage, Message, Reaction } from '../model';
import { sortByUpdatedAt } from '../rules/unread';
import { messageKeys } from './keys';

/** Cache writers shared by the send path and the stream (SPEC §4 transitions). */
type Pages = InfiniteData<ConversationPage, unknown>;

/** Flattens the loaded pages (newest page first) into one oldest-first list. */
export function flattenPages(data: Pages | undefined): Message[] {
  if (!data) return [];
  const messages: Message[] = [];
  for (let i = data.pages.length - 1; i >= 0; i -= 1) messages.push(...(data.pages[i]?.messages ?? []));
  return messages;
}

/** The number of messages loaded in older pages (everything but the newest page). */
export function olderCount(data: Pages | undefined): number {
  if (!data) return 0;
  return data.pages.slice(1).reduce((sum, page) => sum + page.messages.length, 0);
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
  if (!reads) earlyReads.set(client, (reads = new Map()));
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

/** Appends to the newest page; a pending copy with the same local key is replaced, duplicates ignored. */
export function appendMessage(client: QueryClient, message: Message): void {
  client.setQueryData<Pages>(messageKeys.conversation(message.conversation_id), (data) => {
    if (!data || data.pages.length === 0) return data;
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

export function updateConversations(client: QueryClient, update: (list: Conversation[]) => Conversation[]) {
  client.setQueryData<Conversation[]>(messageKeys.conversations(), (list) => (list ? update(list) : list));
}

export function patchConversation(client: QueryClient, id: string, patch: Partial<Conversation>): void {
  updateConversations(client, (list) => list.map((c) => (c.id === id ? { ...c, ...patch } : c)));
}

export function removeConversation(client: QueryClient, id: string): void {
  updateConversations(client, (list) => list.filter((c) => c.id !== id));
  client.removeQueries({ queryKey: messageKeys.conversation(id) });
}

export function upsertConversation(client: QueryClient, conversation: Conversation): void {
  updateConversations(client, (list) =>
    sortByUpdatedAt([conversation, ...list.filter((c) => c.id !== conversation.id)]),
  );
}
