import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { messagingApi } from '../api';
import {
  appendMessage,
  dropPending,
  removeMessage,
  applyMessageToList,
  replaceReactions,
} from '../data/cache';
import type { Message, MessageMedia } from '../model';
import { idempotencyKeyFor, newIdempotencyKey, type FailedSend } from '../rules/send-key';
import { contentToSend } from '../rules/validation';
import { useDock } from '../state/dock-context';
import { useBoxToast } from '../state/toasts';
import { serverError, useAction } from './use-action';
import { useT } from '../../../platform/i18n/use-t';

let pendingSeed = 0;

/** A client-only key for a message being sent. */
export function newLocalKey(): string {
  return `local-${++pendingSeed}`;
}

/** One's own message as shown while it is being sent: no id yet, so its receipt reads "sent" (SPEC §4). */
export function localMessage({
  localKey,
  conversationId,
  senderId,
  content,
  media,
  replyTo,
}: {
  localKey: string;
  conversationId: string;
  senderId: string;
  content: string;
  media: MessageMedia[];
  replyTo: Message | null;
}): Message {
  return {
    id: '',
    local_key: localKey,
    conversation_id: conversationId,
    content,
    created_at: new Date().toISOString(),
    sender: { id: senderId, username: '', display_name: '', avatar: '' },
    sender_id: senderId,
    sender_username: '',
    is_system_message: false,
    reply_to_message_id: replyTo?.id ?? null,
    reply_to: replyTo
      ? {
          id: replyTo.id,
          sender: replyTo.sender,
          content: replyTo.content,
          media_attachments: replyTo.media_attachments,
        }
      : null,
    media_attachments: media,
    reactions: [],
    read_by: [],
    deleted_by_user_ids: [],
    can_delete: false,
  };
}

/** Sending, reacting, deleting and uploading in one chat (SPEC §4 "Sending", §8 texts). */
export function useChatActions(conversationId: string) {
  const client = useQueryClient();
  const dock = useDock();
  const t = useT();
  const run = useAction();
  const upload = useMediaUpload();
  const notify = useBoxToast();
  const me = dock.currentUserId;
  /** the last send that failed, whose draft the composer gave back: trying it again reuses its key */
  const failed = useRef<FailedSend | null>(null);
  /** the sends still on their way: the next one leaves after them, so messages keep the order they were written */
  const delivering = useRef<Promise<unknown>>(Promise.resolve());

  const send = useCallback(
    async (text: string, media: MessageMedia[], replyTo: Message | null): Promise<boolean> => {
      const content = contentToSend(text, media.length);
      const localKey = newLocalKey();
      const draft = { content, mediaIds: media.map((item) => item.id), replyToId: replyTo?.id ?? null };
      const idempotencyKey = idempotencyKeyFor(draft, failed.current, newIdempotencyKey);
      appendMessage(
        client,
        localMessage({ localKey, conversationId, senderId: me, content, media, replyTo }),
      );
      const delivery = delivering.current.then(() =>
        messagingApi.send(
          {
            conversation_id: conversationId,
            content,
            media_ids: draft.mediaIds,
            ...(replyTo ? { reply_to_message_id: replyTo.id } : {}),
          },
          idempotencyKey,
        ),
      );
      delivering.current = delivery.catch(() => undefined);
      try {
        const message = await delivery;
        failed.current = null;
        appendMessage(client, { ...message, local_key: localKey });
        applyMessageToList(client, message, {
          currentUserId: me,
          openConversationId: message.conversation_id,
        });
        return true;
      } catch (error) {
        failed.current = { draft, key: idempotencyKey };
        dropPending(client, conversationId, localKey);
        const reason = serverError(error) ?? (error instanceof Error ? error.message : String(error));
        notify('error', t('messages.error.send', { error: reason }));
        return false;
      }
    },
    [client, conversationId, t, me, notify],
  );

  const react = useCallback(
    (message: Message, emoji: string) => {
      void run(
        async () => {
          const answer = await messagingApi.react(message.id, emoji);
          const reactions = (answer as { reactions?: Message['reactions'] } | null)?.reactions;
          if (Array.isArray(reactions))
            replaceReactions(client, message.conversation_id, message.id, reactions);
        },
        { failure: 'messages.error.reaction' },
      );
    },
    [client, run],
  );

  const remove = useCallback(
    (message: Message) => {
      void run(
        async () => {
          await messagingApi.deleteMessage(message.id);
          removeMessage(client, message.conversation_id, message.id);
        },
        { failure: 'messages.error.delete_message' },
      );
    },
    [client, run],
  );

  return { send, upload, react, remove };
}

/** Uploads a picked file for the composer (SPEC §7 POST /media); null after a failure (already reported). */
export function useMediaUpload() {
  const run = useAction();
  return useCallback(
    async (file: File): Promise<MessageMedia | null> => {
      let media: MessageMedia | null = null;
      await run(
        async () => {
          media = await messagingApi.uploadMedia(file);
        },
        { failure: 'messages.error.upload' },
      );
      return media;
    },
    [run],
  );
}
