import type { ReactNode } from 'react';
import { Modal as SharedModal } from '../../../components/Modal';
import { useT } from '../../../platform/i18n/use-t';

/** A dialog of the box: the shared modal (on <body>, above the box), with the box's look for its content. */
export function Modal({
  title,
  onClose,
  children,
  footer,
  role = 'dialog',
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  role?: 'dialog' | 'alertdialog';
}) {
  return (
    <SharedModal title={title} onClose={onClose} actions={footer} role={role} className="mbox-dialog">
      {children}
    </SharedModal>
  );
}

/** A message-only dialog (SPEC §8 error modal) with an OK button. */
export function AlertDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const t = useT();
  return (
    <Modal
      title={title}
      onClose={onClose}
      role="alertdialog"
      footer={
        <button type="button" className="mbox-button mbox-button--primary" onClick={onClose}>
          {t('messages.ok')}
        </button>
      }
    >
      <p className="mbox-modal__text">{text}</p>
    </Modal>
  );
}
