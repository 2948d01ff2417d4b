import { Button, IconButton } from '../../components/Button';
import { useT } from '../i18n/use-t';
import { useRegionToasts } from './toast-store';
import './toasts.css';

/**
 * The toasts of one region: each a typed message (an error is an alert, the others a status) with its optional
 * action and a close button.
 */
export function ToastList({ region, className }: { region: string; className?: string }) {
  const t = useT();
  const { toasts, dismiss } = useRegionToasts(region);
  if (toasts.length === 0) return null;
  return (
    <div className={['toasts', className ?? ''].filter(Boolean).join(' ')} aria-live="polite">
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={`toast toast--${toast.kind}`}
          role={toast.kind === 'error' ? 'alert' : 'status'}
          data-kind={toast.kind}
        >
          <span className="toast__text">{toast.text}</span>
          {toast.action ? (
            <Button
              variant="bare"
              className="toast__action"
              onClick={() => {
                toast.action?.onClick();
                dismiss(toast.id);
              }}
            >
              {toast.action.label}
            </Button>
          ) : null}
          <IconButton
            icon="close"
            size="small"
            shape="round"
            label={t('common.close')}
            className="toast__close"
            onClick={() => dismiss(toast.id)}
          />
        </div>
      ))}
    </div>
  );
}
