import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import { m } from '../messages';
import { Icon } from '../../../components/Icon';

/** A dialog inside the box: labelled, focus moved in and restored, Escape and the backdrop close it. */
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
  const intl = useIntl();
  const titleId = useId();
  const panel = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const first = panel.current?.querySelector<HTMLElement>(
      'input, textarea, select, button:not(.mbox-modal__close), [tabindex="0"]',
    );
    (first ?? panel.current)?.focus();
    return () => previous?.focus();
  }, []);

  const onKeyDown = (event: React.KeyboardEvent) => {
    if (event.key === 'Escape') {
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== 'Tab' || !panel.current) return;
    const focusable = [
      ...panel.current.querySelectorAll<HTMLElement>('button, input, textarea, select, [tabindex="0"]'),
    ].filter((el) => !el.hasAttribute('disabled'));
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last?.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first?.focus();
    }
  };

  return (
    <div className="mbox-modal" onMouseDown={(e) => e.target === e.currentTarget && onClose()}>
      <div
        ref={panel}
        className="mbox-modal__panel"
        role={role}
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
        onKeyDown={onKeyDown}
      >
        <header className="mbox-modal__header">
          <h2 id={titleId}>{title}</h2>
          <button
            type="button"
            className="mbox-icon-button mbox-modal__close"
            aria-label={intl.formatMessage(m.close)}
            onClick={onClose}
          >
            <Icon name="close" size={16} />
          </button>
        </header>
        <div className="mbox-modal__body">{children}</div>
        {footer ? <footer className="mbox-modal__footer">{footer}</footer> : null}
      </div>
    </div>
  );
}

/** SPEC §5 confirmations: a title, a question, Cancel and a confirm button named like the title. */
export function ConfirmDialog({
  title,
  text,
  confirmLabel,
  onConfirm,
  onCancel,
  danger = true,
}: {
  title: string;
  text: string;
  confirmLabel: string;
  onConfirm: () => void;
  onCancel: () => void;
  danger?: boolean;
}) {
  const intl = useIntl();
  return (
    <Modal
      title={title}
      onClose={onCancel}
      role="alertdialog"
      footer={
        <>
          <button type="button" className="mbox-button mbox-button--ghost" onClick={onCancel}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button
            type="button"
            className={`mbox-button ${danger ? 'mbox-button--danger' : 'mbox-button--primary'}`}
            onClick={onConfirm}
          >
            {confirmLabel}
          </button>
        </>
      }
    >
      <p className="mbox-modal__text">{text}</p>
    </Modal>
  );
}

/** A message-only dialog (SPEC §8 error modal) with an OK button. */
export function AlertDialog({ title, text, onClose }: { title: string; text: string; onClose: () => void }) {
  const intl = useIntl();
  return (
    <Modal
      title={title}
      onClose={onClose}
      role="alertdialog"
      footer={
        <button type="button" className="mbox-button mbox-button--primary" onClick={onClose}>
          {intl.formatMessage(m.ok)}
        </button>
      }
    >
      <p className="mbox-modal__text">{text}</p>
    </Modal>
  );
}
