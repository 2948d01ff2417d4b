import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo } from 'react';
import { messagingApi } from '../api';
import { appendMessage, applyMessageToList, dropPending } from '../data/cache';
import { serverError, useAction } from '../hooks/use-action';
import { localMessage, newLocalKey } from '../hooks/use-chat-actions';
import type { Conversation, Message, MessageMedia } from '../model';
import { contentToSend } from '../rules/validation';
import { useDock } from '../state/dock-context';
import { useBoxToast } from '../state/toasts';
import { useT } from '../../../platform/i18n/use-t';
import { useEncryption } from './provider';
import { isEncrypted } from './index';

/**
 * What the chat view does in an encrypted chat, with the same shape as useChatActions: each action encrypts on
 * this device (runtime.ts) instead of asking the server to store plaintext.
 */
export function useEncryptedChatActions(conversation: Conversation) {
  const client = useQueryClient();
  const dock = useDock();
  const t = useT();
  const run = useAction();
  const notify = useBoxToast();
  const { ensure } = useEncryption();
  const me = dock.currentUserId;

  const send = useCallback(
    async (text: string, media: MessageMedia[], replyTo: Message | null): Promise<boolean> => {
      const content = contentToSend(text, media.length);
      const localKey = newLocalKey();
      const conversationId = conversation.id;
      appendMessage(
        client,
        localMessage({ localKey, conversationId, senderId: me, content, media, replyTo }),
      );
      try {
        const { runtime, session } = await ensure();
        const message = await runtime.sendNote(session, conversation, content, media, replyTo);
        appendMessage(client, { ...message, local_key: localKey });
        applyMessageToList(client, message, { currentUserId: me, openConversationId: conversationId });
        return true;
      } catch (error) {
        dropPending(client, conversationId, localKey);
        const reason = serverError(error) ?? (error instanceof Error ? error.message : String(error));
        notify('error', t('messages.error.send', { error: reason }));
        return false;
      }
    },
    [client, conversation, ensure, me, notify, t],
  );

  const react = useCallback(
    (message: Message, emoji: string) => {
      void run(
        async () => {
          const { runtime, session } = await ensure();
          await runtime.toggleReaction(session, message, emoji);
        },
        { failure: 'messages.error.reaction' },
      );
    },
    [ensure, run],
  );

  /** Delete: hidden on this device only, as a plain chat's Delete hides it for the viewer */
  const remove = useCallback(
    (message: Message) => {
      void run(
        async () => {
          const { runtime, session, box } = await ensure();
          await runtime.deleteForMe(session, box, message);
        },
        { failure: 'messages.error.delete_message' },
      );
    },
    [ensure, run],
  );

  /** one's own message, gone for everyone in the chat (a `Delete` of the note) */
  const removeForEveryone = useCallback(
    (message: Message) => {
      void run(
        async () => {
          const { runtime, session } = await ensure();
          await runtime.deleteForEveryone(session, message);
        },
        { failure: 'messages.error.delete_message' },
      );
    },
    [ensure, run],
  );

  const upload = useEncryptedUpload();

  const typing = useCallback(
    (isTyping: boolean) => {
      ensure()
        .then(({ runtime, session }) => runtime.sendTyping(session, conversation.id, isTyping))
        .catch((error: unknown) => console.error('Encrypted chats: typing was not sent', error));
    },
    [conversation.id, ensure],
  );

  return { send, upload, react, remove, removeForEveryone, typing };
}

/** Encrypts and uploads a picked file for the composer; null after a failure (already reported). */
export function useEncryptedUpload() {
  const run = useAction();
  const { ensure } = useEncryption();
  return useCallback(
    async (file: File): Promise<MessageMedia | null> => {
      let media: MessageMedia | null = null;
      await run(
        async () => {
          const { runtime, session } = await ensure();
          media = await runtime.uploadMedia(session, file);
        },
        { failure: 'messages.error.upload' },
      );
      return media;
    },
    [ensure, run],
  );
}

/**
 * Read receipts of an encrypted chat: while it is open, a `Read` of the newest message of others goes to the
 * chat (a signal, once per message), when the viewer's receipts are on.
 */
export function useEncryptedReceipts(
  conversation: Conversation,
  messages: Message[],
  enabled: boolean,
  active: boolean,
) {
  const { ensure } = useEncryption();
  const newest = messages.at(-1)?.id;
  useEffect(() => {
    if (!enabled || !active || !newest) return;
    ensure()
      .then(({ runtime, session }) => runtime.sendReadReceipt(session, conversation))
      .catch((error: unknown) => console.error('Encrypted chats: the read receipt was not sent', error));
  }, [conversation, newest, enabled, active, ensure]);
}

/**
 * Adding and removing people: in an encrypted chat the admin's device commits the change (claimed key packages
 * and a Welcome for the added, a Remove of every leaf of the removed) and the membership changes with it.
 */
export function useMembershipChanges(conversation: Conversation) {
  const { ensure } = useEncryption();
  const encrypted = isEncrypted(conversation);
  const id = conversation.id;
  return useMemo(
    () => ({
      add: async (ids: string[]) => {
        if (!encrypted) return messagingApi.addParticipants(id, ids);
        const { runtime, session } = await ensure();
        return runtime.addMembers(session, id, ids);
      },
      remove: async (ids: string[]) => {
        if (!encrypted) return messagingApi.removeParticipants(id, ids);
        const { runtime, session } = await ensure();
        return runtime.removeMembers(session, id, ids);
      },
    }),
    [encrypted, ensure, id],
  );
}
