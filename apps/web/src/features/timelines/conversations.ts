import type { DirectConversation } from '@palchat/api';
import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '../../api/client';
import { holdsNewestPage } from '../../components/paging';

export type ConversationPages = InfiniteData<Page<DirectConversation>>;

export const CONVERSATIONS_KEY = ['conversations'] as const;

/**
 * A streamed `conversation` event: the conversation goes to the top of the first page (Mastodon lists them by
 * their latest status), dropping its older copy wherever it was; when the newest page was dropped (a long
 * scroll), it comes back with that page.
 */
export function upsertConversation(
  data: ConversationPages | undefined,
  conversation: DirectConversation,
): ConversationPages | undefined {
  if (!data) return data;
  const pages = data.pages.map((page) => ({
    ...page,
    items: page.items.filter((item) => item.id !== conversation.id),
  }));
  const [first, ...rest] = pages;
  if (!first) return data;
  if (!holdsNewestPage(data)) return { ...data, pages };
  return { ...data, pages: [{ ...first, items: [conversation, ...first.items] }, ...rest] };
}

/** Puts a fresh copy (e.g. the answer of POST /conversations/:id/read) where the conversation already is. */
export function replaceConversation(
  data: ConversationPages | undefined,
  conversation: DirectConversation,
): ConversationPages | undefined {
  if (!data) return data;
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      items: page.items.map((item) => (item.id === conversation.id ? conversation : item)),
    })),
  };
}

export function isConversation(value: unknown): value is DirectConversation {
  return (
    typeof value === 'object' &&
    value !== null &&
    'id' in value &&
    'accounts' in value &&
    Array.isArray(value.accounts) &&
    'unread' in value
  );
}

/**
 * Reads the list again from its first page: what changed while the stream was not listening may be missing.
 * A first page still on its way may have been read before that too, so it is cancelled and read again (a plain
 * refetch would only join it: TanStack Query cancels a read in flight only once the query has data).
 */
export function reloadConversations(client: QueryClient): void {
  if (client.getQueryData(CONVERSATIONS_KEY)) void client.invalidateQueries({ queryKey: CONVERSATIONS_KEY });
  else
    void client
      .cancelQueries({ queryKey: CONVERSATIONS_KEY })
      .then(() => client.refetchQueries({ queryKey: CONVERSATIONS_KEY, type: 'active' }));
}

/** A streamed conversation into the cached list, or the list read again while its first page loads. */
export function receiveConversation(client: QueryClient, conversation: DirectConversation): void {
  if (!client.getQueryData(CONVERSATIONS_KEY)) reloadConversations(client);
  else
    client.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (data) =>
      upsertConversation(data, conversation),
    );
}
