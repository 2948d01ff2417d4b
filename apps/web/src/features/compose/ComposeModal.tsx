import { useState } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { shouldWarnBeforeLeaving } from '../../platform/rules/leave-page';
import { composeDraftStore } from '../../platform/stores/compose-draft';
import { Button } from '../../components/Button';
import { Modal } from '../../components/Modal';
import { useEditTarget, useReplyTarget } from '../../platform/stores/compose-bridge';
import ComposeForm from './ComposeForm';
import { closeComposeModal, resetCompose } from './compose-session';

/**
 * The compose form in a dialog, for layouts without a compose panel (Mastodon's compose modal). Closing it
 * with a draft the leave-page warning would protect (SPEC §4) asks first; an empty one just closes.
 */
export default function ComposeModal() {
  const t = useT();
  const editing = useEditTarget();
  const replyTo = useReplyTarget();
  const [confirming, setConfirming] = useState(false);
  function discard() {
    resetCompose();
    closeComposeModal();
  }
  function requestClose() {
    if (shouldWarnBeforeLeaving(composeDraftStore.get())) setConfirming(true);
    else discard();
  }

  if (confirming) {
    const kind = editing ? 'edit' : 'post';
    return (
      <Modal
        title={t(kind === 'edit' ? 'compose.discard_edit_title' : 'compose.discard_post_title')}
        onClose={() => setConfirming(false)}
        actions={
          <>
            <Button variant="secondary" onClick={() => setConfirming(false)}>
              <Msg id={kind === 'edit' ? 'compose.discard_edit_cancel' : 'compose.discard_post_cancel'} />
            </Button>
            <Button variant="danger" onClick={discard}>
              <Msg id="compose.discard" />
            </Button>
          </>
        }
      >
        <p className="compose-discard">
          <Msg id={kind === 'edit' ? 'compose.discard_edit_message' : 'compose.discard_post_message'} />
        </p>
      </Modal>
    );
  }
  return (
    <Modal
      title={t(editing ? 'compose.edit_title' : replyTo ? 'compose.reply_title' : 'compose.label')}
      onClose={requestClose}
    >
      <div className="compose-modal" data-testid="compose-modal">
        {/* the form focuses its field (also when the draft is resumed after "Discard?") */}
        <ComposeForm autoFocus onDone={closeComposeModal} />
      </div>
    </Modal>
  );
}
