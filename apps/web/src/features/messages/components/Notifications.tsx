import { useNotifications } from '../state/notifications';
import { Icon } from '../../../components/Icon';
import { useT } from '../../../platform/i18n/use-t';

/** The box's notifications: a typed message with a close button (SPEC §8), gone after 3 s. */
export function Notifications() {
  const t = useT();
  const { notifications, dismiss } = useNotifications();
  if (notifications.length === 0) return null;
  return (
    <div className="mbox-notifications" aria-live="polite">
      {notifications.map((n) => (
        <div
          key={n.id}
          className={`mbox-notification mbox-notification--${n.kind}`}
          role={n.kind === 'error' ? 'alert' : 'status'}
          data-kind={n.kind}
        >
          <span className="mbox-notification__text">{n.text}</span>
          <button
            type="button"
            className="mbox-icon-button mbox-notification__close"
            aria-label={t('messages.close')}
            onClick={() => dismiss(n.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
