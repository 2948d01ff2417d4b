import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { ApiError } from '../../../api/client';
import { MessagingErrorCode } from '@palchat/api';
import { messagingApi } from '../api';
import { removeConversation } from '../data/cache';
import { messageKeys } from '../query-keys';
import type { Conversation } from '../model';
import { errorCode, mentionsTransferOwnership } from '../rules/errors';
import { useDock } from '../state/dock-context';
import { useBoxToast } from '../state/toasts';
import { useAction } from './use-action';
import { isEncrypted } from '../e2ee';
import { useEncryption } from '../e2ee/provider';
import { useT } from '../../../platform/i18n/use-t';

export type ConversationAction = 'leave' | 'deleteGroup' | 'deleteChat';

/** Leave, dissolve and delete: each removes the conversation and returns to the list (SPEC §4). */
export function useConversationActions() {
  const client = useQueryClient();
  const dock = useDock();
  const t = useT();
  const run = useAction();
  const notify = useBoxToast();
  const { ensure } = useEncryption();
  /** an encrypted chat that is gone leaves no keys or history on this device */
  const forgetEncrypted = useCallback(
    (conversation: Conversation) => {
      if (!isEncrypted(conversation)) return;
      ensure()
        .then(({ runtime, session }) => runtime.forgetChat(session, conversation.id))
        .catch((error: unknown) => console.error('Encrypted chats: a chat was not forgotten', error));
    },
    [ensure],
  );

  const leave = useCallback(
    async (conversation: Conversation) => {
      try {
        await messagingApi.leave(conversation.id);
      } catch (error) {
        const reason = error instanceof ApiError ? error.message : null;
        const mustTransfer =
          (error instanceof ApiError &&
            errorCode(error.body) === MessagingErrorCode.transferOwnershipRequired) ||
          (reason !== null && mentionsTransferOwnership(reason));
        const action = t('messages.error.leave');
        notify(
          'error',
          mustTransfer
            ? t('messages.error.admin_must_transfer')
            : reason
              ? t('messages.error.with_reason', { action, error: reason })
              : action,
        );
        return;
      }
      removeConversation(client, conversation.id);
      forgetEncrypted(conversation);
      dock.showList();
    },
    [client, dock, t, notify, forgetEncrypted],
  );

  const remove = useCallback(
    async (conversation: Conversation) => {
      const ok = await run(() => messagingApi.deleteConversation(conversation.id), {
        failure: 'messages.error.delete_conversation',
      });
      if (!ok) return;
      removeConversation(client, conversation.id);
      forgetEncrypted(conversation);
      void client.invalidateQueries({ queryKey: messageKeys.conversations() });
      dock.showList();
    },
    [client, dock, run, forgetEncrypted],
  );

  return useCallback(
    (action: ConversationAction, conversation: Conversation) =>
      action === 'leave' ? leave(conversation) : remove(conversation),
    [leave, remove],
  );
}

export const confirmTexts = {
  leave: { title: 'messages.confirm.leave_title', text: 'messages.confirm.leave' },
  deleteGroup: { title: 'messages.confirm.delete_group_title', text: 'messages.confirm.delete_group' },
  deleteChat: {
    title: 'messages.confirm.delete_conversation_title',
    text: 'messages.confirm.delete_conversation',
  },
} as const;

/** The menu entries of SPEC §2 "Conversation menu". */
export function conversationMenuActions(conversation: Conversation): ConversationAction[] {
  if (!conversation.is_group) return ['deleteChat'];
  return conversation.current_user_is_admin ? ['leave', 'deleteGroup'] : ['leave'];
}
