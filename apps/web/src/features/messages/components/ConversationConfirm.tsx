import { useIntl } from 'react-intl';
import type { Conversation } from '../model';
import {
  confirmTexts,
  useConversationActions,
  type ConversationAction,
} from '../hooks/use-conversation-actions';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { m } from '../messages';

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
      confirmLabel={title}
      cancelLabel={intl.formatMessage(m.cancel)}
      onClose={onClose}
      onConfirm={() => void perform(action, conversation)}
    >
      {intl.formatMessage(texts.text)}
    </ConfirmDialog>
  );
}
