import { useQueryClient } from '@tanstack/react-query';
import { sharedStream, type StreamingConnection } from '../../../api/streaming';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, type ReactNode } from 'react';
import type { Preferences } from '../model';
import { messagingApi } from '../api';
import {
  adjustUnread,
  loadedConversations,
  patchConversation,
  type ConversationListPages,
} from '../data/cache';
import { messageKeys } from '../query-keys';
import { MARK_READ_DELAY_MS } from '../rules/constants';
import { useDock } from '../state/dock-context';
import { TypingStore } from '../state/typing-store';
import { ENCRYPTED_EVENTS } from '../e2ee';
import type { StreamContext as EventContext } from './apply-event';

/** The events of the user stream the box applies (the social views take the rest). */
const BOX_EVENTS = new Set([
  'friend_message',
  'typing_start',
  'typing_stop',
  'message_read',
  'message_reaction_update',
  'conversation_updated',
  ...ENCRYPTED_EVENTS,
]);

/**
 * Applies the box's events in the order they came. The code that validates them (zod schemas) loads with the
 * first one, so the minimised box that comes with every page costs no schema library.
 */
function eventApplier(context: EventContext): (event: string, payload: unknown) => void {
  let queue: Promise<unknown> = Promise.resolve();
  return (event, payload) => {
    if (!BOX_EVENTS.has(event)) return;
    queue = queue
      .then(() => import('./apply-event'))
      .then(({ applyStreamEvent }) => applyStreamEvent({ event, payload }, context))
      .catch((error: unknown) => console.error('Message box: a stream event failed', error));
  };
}

interface StreamApi {
  typing: TypingStore;
  sendTyping: (conversationId: string, typing: boolean) => void;
  markRead: (conversationId: string) => void;
}

const StreamContext = createContext<StreamApi | null>(null);

/**
 * Holds the box's subscription to the user stream on the tab's shared WebSocket for as long as the box is mounted
 * (SPEC §4 "WebSocket": the socket is reopened 3 s after a close for the box only while it is expanded).
 */
export function StreamProvider({
  accessToken,
  children,
}: {
  accessToken: string | null;
  children: ReactNode;
}) {
  const client = useQueryClient();
  const dock = useDock();
  const typing = useMemo(() => new TypingStore(), []);
  const dockRef = useRef(dock);
  const streamRef = useRef<StreamingConnection | null>(null);
  const markReadTimers = useRef(new Map<string, number>());

  useEffect(() => {
    dockRef.current = dock;
  }, [dock]);

  const markRead = useCallback(
    (conversationId: string) => {
      const loaded = loadedConversations(
        client.getQueryData<ConversationListPages>(messageKeys.conversations()),
      );
      const wasUnread = loaded.find((c) => c.id === conversationId)?.unread_count ?? 0;
      if (wasUnread > 0) adjustUnread(client, -wasUnread);
      patchConversation(client, conversationId, { unread_count: 0 });
      messagingApi
        .markRead(conversationId)
        .then((answer) => {
          const unread = answer?.conversation?.unread_count;
          if (typeof unread === 'number') patchConversation(client, conversationId, { unread_count: unread });
          adjustUnread(client);
        })
        .catch((error: unknown) => console.error('Message box: mark read failed', error));
    },
    [client],
  );

  const sendActiveStatus = useCallback(
    (isActive: boolean) => {
      const preferences = client.getQueryData<Preferences>(messageKeys.preferences());
      if (preferences && !preferences.active_status_enabled) return;
      streamRef.current?.send({ type: 'active_status', stream: 'user', is_active: isActive });
    },
    [client],
  );

  useEffect(() => {
    if (!accessToken) return undefined;
    const timers = markReadTimers.current;
    const stream = sharedStream(accessToken);
    const unsubscribe = stream.subscribe(
      { stream: 'user' },
      eventApplier({
        client,
        typing,
        currentUserId: dockRef.current.currentUserId,
        openConversationId: () => {
          const current = dockRef.current;
          return current.expanded && current.screen === 'chat' ? current.conversationId : null;
        },
        scheduleMarkRead: (conversationId) => {
          window.clearTimeout(timers.get(conversationId));
          timers.set(
            conversationId,
            window.setTimeout(() => {
              timers.delete(conversationId);
              markRead(conversationId);
            }, MARK_READ_DELAY_MS),
          );
        },
      }),
      {
        onSubscribed: () => sendActiveStatus(document.hasFocus()),
        wantsReconnect: () => dockRef.current.expanded,
        // messages, reads and reactions sent while the server's event bus was away: the box reads them again
        onResync: () => void client.invalidateQueries({ queryKey: messageKeys.all }),
      },
    );
    streamRef.current = stream;
    const onFocus = () => sendActiveStatus(true);
    const onBlur = () => sendActiveStatus(false);
    window.addEventListener('focus', onFocus);
    window.addEventListener('blur', onBlur);
    return () => {
      window.removeEventListener('focus', onFocus);
      window.removeEventListener('blur', onBlur);
      for (const timer of timers.values()) window.clearTimeout(timer);
      timers.clear();
      unsubscribe();
      streamRef.current = null;
      typing.dispose();
    };
  }, [accessToken, client, typing, markRead, sendActiveStatus]);

  useEffect(() => {
    if (dock.expanded) streamRef.current?.ensureOpen();
  }, [dock.expanded]);

  const sendTyping = useCallback((conversationId: string, isTyping: boolean) => {
    streamRef.current?.send({
      type: isTyping ? 'typing_start' : 'typing_stop',
      stream: 'user',
      conversation_id: conversationId,
    });
  }, []);

  const value = useMemo(() => ({ typing, sendTyping, markRead }), [typing, sendTyping, markRead]);
  return <StreamContext.Provider value={value}>{children}</StreamContext.Provider>;
}

export function useStream(): StreamApi {
  const stream = useContext(StreamContext);
  if (!stream) throw new Error('useStream must be used inside <StreamProvider>');
  return stream;
}
