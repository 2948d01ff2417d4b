import type { InfiniteData, QueryClient } from '@tanstack/react-query';
import type { Page } from '../../../api/client';
import type { Conversation, ConversationPage } from '../model';
import { messageKeys } from '../query-keys';

/**
 * Reads again what a change on the server may have changed of one conversation: the list, its messages (now
 * when `refetchMessages`, else when next shown), its block notice, and the presence shown in it: a block hides
 * presence both ways, and the 60 s poll would leave "Active now" until then.
 */
export function refreshConversation(client: QueryClient, conversationId: string, refetchMessages: boolean): void {
  void client.invalidateQueries({ queryKey: messageKeys.conversations() });
  void client.invalidateQueries({
    queryKey: messageKeys.conversation(conversationId),
    refetchType: refetchMessages ? 'active' : 'none',
  });
  void client.invalidateQueries({ queryKey: messageKeys.blockStatus(conversationId) });
  void client.invalidateQueries({ queryKey: messageKeys.activeStatusIn(conversationId) });
}

/** The direct chats with `accountId` that the box has read (its list, or a chat opened). */
export function directChatsWith(client: QueryClient, accountId: string): Set<string> {
  const ids = new Set<string>();
  const note = (conversation: Conversation | undefined) => {
    if (conversation && !conversation.is_group && conversation.partner?.id === accountId) ids.add(conversation.id);
  };
  const lists = client.getQueriesData<InfiniteData<Page<Conversation>>>({ queryKey: messageKeys.conversations() });
  for (const [, list] of lists) for (const page of list?.pages ?? []) page.items.forEach(note);
  const chats = client.getQueriesData<InfiniteData<ConversationPage>>({
    queryKey: messageKeys.conversationsRead(),
  });
  for (const [, chat] of chats) note(chat?.pages[0]?.conversation);
  return ids;
}

/**
 * After a block or unblock of `accountId` made outside the box (a profile's menu, the blocks list): the stream
 * tells the box only of blocks made in a chat, so the chats with that person are refreshed here, the open one
 * at once.
 */
export function refreshChatsWith(client: QueryClient, accountId: string): void {
  for (const id of directChatsWith(client, accountId)) refreshConversation(client, id, true);
}
