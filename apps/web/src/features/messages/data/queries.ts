import { infiniteQueryOptions, keepPreviousData, useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { DEFAULT_PREFERENCES } from '@palchat/api';
import { messagingApi } from '../api';
import { isSearchable } from '../rules/validation';
import { loadedConversations } from './cache';
import { CHAT_WINDOW_PAGES, newerPageParam, olderPageParam, type ChatPageParam } from './window';
import { messageKeys } from '../query-keys';
import type { ConversationPage } from '../model';
import { boxAccount, isEncrypted, isLocalMessageId, loadEncryption, searchEncrypted } from '../e2ee';

/** Server state of the box, one hook per resource (SPEC §7). */

/** The conversation list, newest first, 20 at a time: the next page loads as the list is scrolled to its end. */
export function conversationsOptions() {
  return infiniteQueryOptions({
    queryKey: messageKeys.conversations(),
    queryFn: ({ pageParam, signal }) => messagingApi.conversations(pageParam, signal),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (last) => last.next ?? undefined,
    staleTime: 30_000,
  });
}

export function useConversations() {
  const query = useInfiniteQuery(conversationsOptions());
  const { data } = query;
  const list = useMemo(() => loadedConversations(data), [data]);
  return { ...query, list };
}

/** The unread badge: its own small request, kept current by the stream (see streaming/apply-event.ts). */
export function useUnreadCount() {
  return useQuery({
    queryKey: messageKeys.unread(),
    queryFn: ({ signal }) => messagingApi.unreadCount(signal),
    staleTime: 60_000,
  });
}

/**
 * Messages of one conversation, newest page first; older pages load with max_id as the user scrolls up, a
 * window of them is kept (data/window.ts) and newer ones load again with min_id when scrolling back down.
 */
export function conversationMessagesOptions(id: string) {
  return infiniteQueryOptions({
    queryKey: messageKeys.conversation(id),
    queryFn: ({ pageParam, signal }) => chatPage(id, pageParam, signal),
    initialPageParam: undefined as ChatPageParam,
    getNextPageParam: (last, _all, lastParam) => olderPageParam(last, lastParam),
    getPreviousPageParam: (first, _all, firstParam) => newerPageParam(first, firstParam),
    maxPages: CHAT_WINDOW_PAGES,
    // the stream keeps an open chat current; a chat touched while closed is invalidated instead
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
}

/**
 * A page of a chat: the server's, or for an encrypted chat (the server holds no plaintext) this device's decrypted
 * history, paged by its local ids, with the conversation the server still serves.
 */
async function chatPage(id: string, param: ChatPageParam, signal: AbortSignal): Promise<ConversationPage> {
  const anchor = param ? ('max_id' in param ? param.max_id : param.min_id) : null;
  const local = anchor !== null && isLocalMessageId(anchor);
  const page = await messagingApi.conversation(id, local ? undefined : param, signal);
  if (!local && !isEncrypted(page.conversation)) return page;
  const runtime = await loadEncryption();
  return runtime.localPage(boxAccount(), page.conversation, param);
}

export function useConversationMessages(id: string | null) {
  return useInfiniteQuery({ ...conversationMessagesOptions(id ?? ''), enabled: id !== null });
}

/** SPEC §8: failed preference loading defaults all three to on. */
export function usePreferences() {
  return useQuery({
    queryKey: messageKeys.preferences(),
    queryFn: () => messagingApi.preferences().catch(() => DEFAULT_PREFERENCES),
    staleTime: Infinity,
  });
}

export function useBlockStatus(conversationId: string | null, enabled: boolean) {
  return useQuery({
    queryKey: messageKeys.blockStatus(conversationId ?? ''),
    queryFn: () => messagingApi.blockStatus(conversationId ?? ''),
    enabled: enabled && conversationId !== null,
    staleTime: 30_000,
  });
}

export function useConversationSettings(conversationId: string | null) {
  return useQuery({
    queryKey: messageKeys.settings(conversationId ?? ''),
    queryFn: () => messagingApi.settings(conversationId ?? ''),
    enabled: conversationId !== null,
    staleTime: 60_000,
  });
}

export function useMessageableUsers(search: string) {
  return useQuery({
    queryKey: messageKeys.users(search.trim()),
    queryFn: ({ signal }) => messagingApi.messageableUsers(search, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
  });
}

export function useActiveStatus(userId: string | null, conversationId: string | null) {
  return useQuery({
    queryKey: messageKeys.activeStatus(userId ?? '', conversationId ?? ''),
    queryFn: () => messagingApi.activeStatus(userId ?? '', conversationId ?? ''),
    enabled: userId !== null && conversationId !== null,
    refetchInterval: 60_000,
  });
}

/** Full-text message search, pages of 20 by offset; only from 2 characters. */
export function useMessageSearch(query: string, conversationId: string | null) {
  const q = query.trim();
  return useInfiniteQuery({
    queryKey: messageKeys.search(q, conversationId),
    queryFn: async ({ pageParam, signal, client }) => {
      const page = await messagingApi.search(q, pageParam, conversationId ?? undefined, signal);
      if (pageParam !== 0) return page;
      // encrypted chats are searched here, in what this device decrypted: their results come first
      const local = await searchEncrypted(client, q, conversationId);
      return { ...page, results: [...local, ...page.results], total_count: page.total_count + local.length };
    },
    initialPageParam: 0,
    getNextPageParam: (last, pages) =>
      last.has_more ? pages.reduce((sum, page) => sum + page.results.filter((r) => !isLocalMessageId(r.id)).length, 0) : undefined,
    enabled: isSearchable(q),
    staleTime: 30_000,
  });
}
