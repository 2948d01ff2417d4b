import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef } from 'react';
import { useIntl } from 'react-intl';
import { messagingApi } from '../api/endpoints';
import {
  appendMessage,
  dropPending,
  removeMessage,
  applyMessageToList,
  replaceReactions,
} from '../data/cache';
import { messageKeys } from '../data/keys';
import { m } from '../messages';
import type { Message, MessageMedia, Participant } from '../model';
import { idempotencyKeyFor, newIdempotencyKey, type FailedSend } from '../rules/send-key';
import { contentToSend } from '../rules/validation';
import { useDock } from '../state/dock-context';
import { useNotifications } from '../state/notifications';
import { serverError, useAction } from './use-action';

let pendingSeed = 0;

/** Sending, reacting, deleting and uploading in one chat (SPEC §4 "Sending", §8 texts). */
export function useChatActions(conversationId: string | null, recipient: Participant | null) {
  const client = useQueryClient();
  const dock = useDock();
  const intl = useIntl();
  const run = useAction();
  const { notify } = useNotifications();
  const me = dock.currentUserId;
  /** the last send that failed, whose draft the composer gave back: trying it again reuses its key */
  const failed = useRef<FailedSend | null>(null);

  const send = useCallback(
    async (text: string, media: MessageMedia[], replyTo: Message | null): Promise<boolean> => {
      const content = contentToSend(text, media.length);
      const localKey = `local-${++pendingSeed}`;
      const draft = { content, mediaIds: media.map((item) => item.id), replyToId: replyTo?.id ?? null };
      const idempotencyKey = idempotencyKeyFor(draft, failed.current, newIdempotencyKey);
      if (conversationId) {
        const sender = { id: me, username: '', display_name: '', avatar: '' };
        appendMessage(client, {
          id: '',
          local_key: localKey,
          conversation_id: conversationId,
          content,
          created_at: new Date().toISOString(),
          sender,
          sender_id: me,
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
        });
      }
      try {
        const message = await messagingApi.send(
          {
            ...(conversationId ? { conversation_id: conversationId } : { recipient_id: recipient?.id ?? '' }),
            content,
            media_ids: draft.mediaIds,
            ...(replyTo ? { reply_to_message_id: replyTo.id } : {}),
          },
          idempotencyKey,
        );
        failed.current = null;
        if (conversationId) appendMessage(client, { ...message, local_key: localKey });
        applyMessageToList(client, message, {
          currentUserId: me,
          openConversationId: message.conversation_id,
        });
        if (!conversationId) {
          // the first message created the conversation (recipient_id)
          await client.invalidateQueries({ queryKey: messageKeys.conversations() });
          dock.openChat(message.conversation_id);
        }
        return true;
      } catch (error) {
        failed.current = { draft, key: idempotencyKey };
        if (conversationId) dropPending(client, conversationId, localKey);
        const reason = serverError(error) ?? (error instanceof Error ? error.message : String(error));
        notify('error', intl.formatMessage(m.failedSendMessage, { error: reason }));
        return false;
      }
    },
    [client, conversationId, dock, intl, me, notify, recipient],
  );

  const upload = useCallback(
    async (file: File): Promise<MessageMedia | null> => {
      let media: MessageMedia | null = null;
      await run(
        async () => {
          media = await messagingApi.uploadMedia(file);
        },
        { failure: m.failedUploadMedia },
      );
      return media;
    },
    [run],
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
        { failure: m.failedAddReaction },
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
        { failure: m.failedDeleteMessage },
      );
    },
    [client, run],
  );

  return { send, upload, react, remove };
}
