import { useIntl } from 'react-intl';
import type { Conversation } from '../model';
import {
  confirmTexts,
  useConversationActions,
  type ConversationAction,
} from '../hooks/use-conversation-actions';
import { ConfirmDialog } from './Modal';

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
  const intl = useIntl();
  const perform = useConversationActions();
  const texts = confirmTexts[action];
  const title = intl.formatMessage(texts.title);
  return (
    <ConfirmDialog
      title={title}
      text={intl.formatMessage(texts.text)}
      confirmLabel={title}
      onCancel={onClose}
      onConfirm={() => {
        onClose();
        void perform(action, conversation);
      }}
    />
  );
}
