import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { messagingApi, type SendMessageInput } from '../api';
import { appendMessage, applyMessageToList } from '../data/cache';
import { messageKeys } from '../query-keys';
import { conversationMessagesOptions } from '../data/queries';
import type { Conversation, Message, MessageMedia, Participant } from '../model';
import { fetchEligibility, plainBecause, rememberPlainReason, type PlainBecause } from '../e2ee/eligibility';
import { useEncryption } from '../e2ee/provider';
import { newIdempotencyKey } from '../rules/send-key';
import { contentToSend } from '../rules/validation';
import { useDock } from '../state/dock-context';
import { conversationDraftKey, handOverDraft, newChatDraftKey } from '../state/drafts';
import { useBoxToast } from '../state/toasts';
import { serverError } from './use-action';
import { localMessage, newLocalKey } from './use-chat-actions';
import { useT } from '../../../platform/i18n/use-t';

/** A message to someone with no conversation yet: shown at once as "sent", kept with a retry when it failed. */
export interface FirstMessage {
  message: Message;
  input: SendMessageInput;
  /** the Idempotency-Key of every attempt: a retry of a send whose answer was lost stores nothing twice */
  idempotencyKey: string;
  /** the composer's media (an encrypted chat's carry their keys, by id) */
  media: MessageMedia[];
  failed: boolean;
}

/**
 * How the first message goes: in a new encrypted chat, or plain (and why, when someone keeps it plain); `known`
 * false while the server has not said yet.
 */
export interface NewChatMode {
  known: boolean;
  encrypted: boolean;
  because: PlainBecause | null;
}

async function eligibilityOf(recipient: Participant): Promise<Omit<NewChatMode, 'known'>> {
  // a server without encrypted chats answers with an error: the chat is plain, as before
  const answers = await fetchEligibility([recipient.id]).catch(() => null);
  if (!answers) return { encrypted: false, because: null };
  const because = plainBecause(answers, [recipient]);
  return { encrypted: because === null, because };
}

/**
 * Sends the first messages to `recipient` (recipient_id creates the conversation, SPEC §4). Each shows at once;
 * the first one the server accepts opens the conversation (its messages loaded first, so the chat does not
 * flash a loading state).
 */
export function useFirstMessages(recipient: Participant, mode: NewChatMode) {
  const client = useQueryClient();
  const dock = useDock();
  const t = useT();
  const notify = useBoxToast();
  const me = dock.currentUserId;
  const openChat = dock.openChat;
  const [entries, setEntries] = useState<FirstMessage[]>([]);
  const { ensure } = useEncryption();
  /** the encrypted chat the first message created: the next ones go into it */
  const created = useRef<Promise<Conversation> | null>(null);
  /** once the reader left this screen, an answer arriving later does not take them back to the chat */
  const shown = useRef(true);
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, []);

  const setFailed = useCallback((localKey: string | undefined, failed: boolean) => {
    setEntries((list) =>
      list.map((entry) => (entry.message.local_key === localKey ? { ...entry, failed } : entry)),
    );
  }, []);

  /** creates the encrypted chat once (POST /e2ee/conversations), then sends the message in it */
  const sendEncrypted = useCallback(
    async (entry: FirstMessage): Promise<Message> => {
      const { runtime, session } = await ensure();
      created.current ??= runtime.createChat(session, client, [recipient.id], null);
      const conversation = await created.current.catch((error: unknown) => {
        created.current = null;
        throw error;
      });
      return runtime.sendNote(
        session,
        conversation,
        entry.input.content,
        entry.media,
        entry.message.reply_to,
      );
    },
    [client, ensure, recipient.id],
  );

  const deliver = useCallback(
    async (entry: FirstMessage): Promise<void> => {
      try {
        // a message sent before the eligibility answer came waits for it: it must not go out in plain by mistake
        const { encrypted, because } = mode.known ? mode : await eligibilityOf(recipient);
        const message = encrypted
          ? await sendEncrypted(entry)
          : await messagingApi.send(entry.input, entry.idempotencyKey);
        if (!encrypted && because) rememberPlainReason(message.conversation_id, because);
        appendMessage(client, message);
        applyMessageToList(client, message, {
          currentUserId: me,
          openConversationId: message.conversation_id,
        });
        await Promise.all([
          client.invalidateQueries({ queryKey: messageKeys.conversations() }),
          client.prefetchInfiniteQuery(conversationMessagesOptions(message.conversation_id)),
        ]);
        if (!shown.current) return;
        // the reader may be typing the next message already: it carries over to the conversation's composer
        handOverDraft(
          newChatDraftKey(recipient.id),
          conversationDraftKey(message.conversation_id),
          document.activeElement?.closest('.mbox-composer') != null,
        );
        openChat(message.conversation_id);
      } catch (error) {
        setFailed(entry.message.local_key, true);
        const reason = serverError(error) ?? (error instanceof Error ? error.message : String(error));
        notify('error', t('messages.error.send', { error: reason }));
      }
    },
    [client, me, openChat, setFailed, notify, t, recipient, mode, sendEncrypted],
  );

  const send = useCallback(
    (text: string, media: MessageMedia[], replyTo: Message | null): Promise<boolean> => {
      const content = contentToSend(text, media.length);
      const entry: FirstMessage = {
        message: localMessage({
          localKey: newLocalKey(),
          conversationId: '',
          senderId: me,
          content,
          media,
          replyTo,
        }),
        input: {
          recipient_id: recipient.id,
          content,
          media_ids: media.map((item) => item.id),
          ...(replyTo ? { reply_to_message_id: replyTo.id } : {}),
        },
        idempotencyKey: newIdempotencyKey(),
        media,
        failed: false,
      };
      setEntries((list) => [...list, entry]);
      void deliver(entry);
      // the message is in the chat now (as sent, or failed with its retry): the composer clears
      return Promise.resolve(true);
    },
    [deliver, me, recipient.id],
  );

  const retry = useCallback(
    (entry: FirstMessage) => {
      setFailed(entry.message.local_key, false);
      void deliver(entry);
    },
    [deliver, setFailed],
  );

  return { entries, send, retry };
}
