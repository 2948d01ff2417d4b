import { useId, type ReactNode } from 'react';
import { useT } from '../platform/i18n/use-t';
import { Button } from './Button';
import { Modal } from './Modal';

export interface ConfirmDialogProps {
  title: string;
  /** what will happen, in a sentence or two */
  children: ReactNode;
  confirmLabel: string;
  onConfirm: () => void;
  /** Cancel, Escape, a click outside, and confirming all close it */
  onClose: () => void;
  /** for callers with their own catalogue (the message box); the app's "Cancel" otherwise */
  cancelLabel?: string;
  /** a destructive action gets the red button; a harmless one (boost) the accent one */
  danger?: boolean;
}

/**
 * Asks before an action: the app's modal as an alertdialog described by its sentence, with Cancel focused first
 * so that Enter never destroys. Confirming closes it, then runs the action.
 */
export function ConfirmDialog({
  title,
  children,
  confirmLabel,
  onConfirm,
  onClose,
  cancelLabel,
  danger = true,
}: ConfirmDialogProps) {
  const t = useT();
  const textId = useId();
  return (
    <Modal
      title={title}
      onClose={onClose}
      role="alertdialog"
      describedBy={textId}
      className="confirm-dialog"
      actions={
        <>
          <Button variant="secondary" onClick={onClose} data-autofocus>
            {cancelLabel ?? t('common.cancel')}
          </Button>
          <Button
            variant={danger ? 'danger' : 'primary'}
            onClick={() => {
              onClose();
              onConfirm();
            }}
          >
            {confirmLabel}
          </Button>
        </>
      }
    >
      <p id={textId} className="confirm-dialog__text">
        {children}
      </p>
    </Modal>
  );
}
