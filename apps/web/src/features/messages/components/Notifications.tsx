import { useIntl } from 'react-intl';
import { m } from '../messages';
import { useNotifications } from '../state/notifications';
import { Icon } from '../../../components/Icon';

/** The box's notifications: a typed message with a close button (SPEC §8), gone after 3 s. */
export function Notifications() {
  const intl = useIntl();
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
            aria-label={intl.formatMessage(m.close)}
            onClick={() => dismiss(n.id)}
          >
            <Icon name="close" size={16} />
          </button>
        </div>
      ))}
    </div>
  );
}
