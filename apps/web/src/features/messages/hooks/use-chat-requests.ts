import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import type { Participant } from '../model';
import { loadedConversations } from '../data/cache';
import { conversationsOptions } from '../data/queries';
import { chatRequestStore } from '../state/chat-request';
import { useDock, type DockApi } from '../state/dock-context';
import { useStore } from '../../../platform/stores/create-store';

/** The one-to-one chat with `person` among the first page of conversations, if there is one. */
async function existingChatWith(client: QueryClient, person: Participant): Promise<string | null> {
  try {
    const list = loadedConversations(await client.ensureInfiniteQueryData(conversationsOptions()));
    return list.find((c) => !c.is_group && c.partner?.id === person.id)?.id ?? null;
  } catch {
    return null;
  }
}

async function openChatWith(client: QueryClient, dock: DockApi, person: Participant): Promise<void> {
  const existing = await existingChatWith(client, person);
  // a chat not found here is found by the server when the first message is sent (recipient_id)
  if (existing) dock.openChat(existing);
  else dock.openNewChat(person);
}

/** Opens the chats asked for from outside the box (state/chat-request.ts). */
export function useChatRequests(): void {
  const request = useStore(chatRequestStore);
  const client = useQueryClient();
  const dock = useDock();
  useEffect(() => {
    if (!request) return;
    chatRequestStore.set(null);
    void openChatWith(client, dock, request);
  }, [request, client, dock]);
}
