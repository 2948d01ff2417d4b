import { Button } from '../../../components/Button';
import { Modal } from '../../../components/Modal';
import { useT } from '../../../platform/i18n/use-t';

/** A message-only dialog (SPEC §8 error modal) with an OK button. */
export function AlertDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      title={title}
      onClose={onClose}
      role="alertdialog"
      className="mbox-dialog"
      actions={<Button onClick={onClose}>{t('messages.ok')}</Button>}
    >
      <p className="mbox-modal__text">{text}</p>
    </Modal>
  );
}
