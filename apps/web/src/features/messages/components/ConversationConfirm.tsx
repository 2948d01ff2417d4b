import type { Conversation } from '../model';
import {
  confirmTexts,
  useConversationActions,
  type ConversationAction,
} from '../hooks/use-conversation-actions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { useT } from '../../../platform/i18n/use-t';

/** Asks before leaving, dissolving or deleting, then does it. */
export function ConversationConfirm({
  action,
  conversation,
  onClose,
}: {
  action: ConversationAction;
  conversation: Conversation;
  onClose: () => void;
}) {
  const t = useT();
  const perform = useConversationActions();
  const texts = confirmTexts[action];
  const title = t(texts.title);
  return (
    <ConfirmDialog
      title={title}
      confirmLabel={title}
      cancelLabel={t('messages.cancel')}
      onClose={onClose}
      onConfirm={() => void perform(action, conversation)}
    >
      {t(texts.text)}
    </ConfirmDialog>
  );
}
