import './conversations.css';
import type { DirectConversation } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, type KeyboardEvent } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { Column, ColumnHeader } from '../../components/Column';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { conversations } from './api';
import {
  CONVERSATIONS_KEY,
  isConversation,
  replaceConversation,
  receiveConversation,
  reloadConversations,
  type ConversationPages,
} from './conversations';
import { sharedStream } from '../../api/streaming';

/** Live updates from the `direct` stream: a new or updated conversation moves to the top. */
function useConversationStream(): void {
  const client = useQueryClient();
  const { identity, accessToken } = useInitialState();
  useEffect(() => {
    if (!identity.signedIn || !accessToken) return;
    return sharedStream(accessToken).subscribe(
      { stream: 'direct' },
      (event, payload) => {
        if (event !== 'conversation' || !isConversation(payload)) return;
        receiveConversation(client, payload);
      },
      // conversations changed while the socket was away arrive with a fresh first page
      { onReconnected: () => reloadConversations(client) },
    );
  }, [client, identity.signedIn, accessToken]);
}

function useMarkRead() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => conversations.markRead(id),
    onMutate: (id) => {
      const current = client
        .getQueryData<ConversationPages>(CONVERSATIONS_KEY)
        ?.pages.flatMap((page) => page.items)
        .find((item) => item.id === id);
      if (current)
        client.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (data) =>
          replaceConversation(data, { ...current, unread: false }),
        );
    },
    onSuccess: (fresh) =>
      client.setQueryData<ConversationPages>(CONVERSATIONS_KEY, (data) => replaceConversation(data, fresh)),
  });
}

function ConversationRow({ conversation, onOpen }: { conversation: DirectConversation; onOpen: () => void }) {
  const t = useT();
  if (!conversation.last_status) return null;
  const names = conversation.accounts.map((account) => `@${account.acct}`).join(', ');
  // opening the conversation (a click anywhere in it, or Enter/o on it) marks it read, as on Mastodon
  const open = () => conversation.unread && onOpen();
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' || event.key === 'o') open();
  };
  return (
    <div
      className={conversation.unread ? 'conversation conversation--unread' : 'conversation'}
      data-conversation-id={conversation.id}
      onClickCapture={open}
      onKeyDownCapture={onKeyDown}
    >
      <p className="conversation__participants">
        {conversation.unread && (
          <span className="conversation__unread" role="img" aria-label={t('conversations.unread')} />
        )}
        <Msg id="conversations.with" values={{ names: <bdi>{names}</bdi> }} />
      </p>
      <StatusCard status={conversation.last_status} />
    </div>
  );
}

/** /conversations: private mentions, one row per conversation, newest first, updated live. */
export function DirectTimeline() {
  const t = useT();
  const markRead = useMarkRead();
  useConversationStream();
  return (
    <RequireSignIn icon="mention" title={t('column.direct')}>
      <Column label={t('column.direct')}>
        <ColumnHeader icon="mention" title={t('column.direct')} />
        <PagedList<DirectConversation>
          queryKey={CONVERSATIONS_KEY}
          path="/api/v1/conversations"
          itemKey={(conversation) => conversation.id}
          renderItem={(conversation) => (
            <ConversationRow conversation={conversation} onOpen={() => markRead.mutate(conversation.id)} />
          )}
          empty={<Msg id="empty.direct" />}
        />
      </Column>
    </RequireSignIn>
  );
}
