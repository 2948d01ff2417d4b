import './modal.css';
import { useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useT } from '../platform/i18n/use-t';
import { IconButton } from './Button';
import { trapTab, useFocusInside } from './focus-trap';

interface ModalProps {
  title: ReactNode;
  onClose: () => void;
  children: ReactNode;
  actions?: ReactNode;
  /** alertdialog for a confirmation or an error that needs an answer */
  role?: 'dialog' | 'alertdialog';
  className?: string;
  /** the id of the element that says what the dialog is about (a confirmation's sentence) */
  describedBy?: string;
}

/**
 * An accessible modal dialog: focus moves in, is trapped, Escape closes, focus returns on close. It renders on
 * <body>, above the layout's stacking contexts and the docked message box.
 */
export function Modal({
  title,
  onClose,
  children,
  actions,
  role = 'dialog',
  className,
  describedBy,
}: ModalProps) {
  const t = useT();
  const titleId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);

  useFocusInside(dialogRef);

  function onKeyDown(event: React.KeyboardEvent<HTMLDivElement>) {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    trapTab(event, dialogRef.current);
  }

  return createPortal(
    // presentation: a press on the backdrop closes, as Escape does from the keyboard
    <div
      className="modal-root"
      role="presentation"
      onMouseDown={(event) => event.target === event.currentTarget && onClose()}
    >
      <div
        ref={dialogRef}
        className={className ? `modal ${className}` : 'modal'}
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={describedBy}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <div className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          <IconButton icon="close" label={t('common.close')} onClick={onClose} />
        </div>
        <div className="modal__body">{children}</div>
        {actions && <div className="modal__actions">{actions}</div>}
      </div>
    </div>,
    document.body,
  );
}
