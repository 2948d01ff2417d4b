import './notifications.css';
import type { Notification } from '@palchat/api';
import { Link } from 'react-router';
import { FollowRequestActions } from './NotificationControls';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { AccountRow } from '../../components/AccountRow';
import { DisplayName } from '../../components/DisplayName';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { RelativeTime } from '../../components/RelativeTime';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';

export const NOTIFICATION_TEXT: Record<Notification['type'], [IconName, MessageId]> = {
  mention: ['mention', 'notification.mention'],
  status: ['notifications', 'notification.status'],
  reblog: ['repeat', 'notification.reblog'],
  follow: ['personAdd', 'notification.follow'],
  follow_request: ['personAdd', 'notification.follow_request'],
  favourite: ['star', 'notification.favourite'],
  poll: ['list', 'notification.poll'],
  update: ['edit', 'notification.update'],
  quote: ['repeat', 'notification.quote'],
  quoted_update: ['edit', 'notification.quoted_update'],
  added_to_collection: ['list', 'notification.added_to_collection'],
  'admin.sign_up': ['personAdd', 'notification.admin_sign_up'],
  'admin.report': ['shield', 'notification.admin_report'],
};

export function NotificationItem({ notification }: { notification: Notification }) {
  const [icon, text] = NOTIFICATION_TEXT[notification.type];
  return (
    <article className="notification">
      <div className="notification__line">
        <Icon name={icon} size={18} className="notification__icon" />
        <span>
          <Msg
            id={text}
            values={{
              name: (
                <Link to={`/@${notification.account.acct}`} data-hover-card-account={notification.account.id}>
                  <DisplayName account={notification.account} withAcct={false} />
                </Link>
              ),
              collection: notification.collection ? (
                <Link to={`/collections/${notification.collection.id}`}>
                  <bdi>{notification.collection.name}</bdi>
                </Link>
              ) : null,
            }}
          />
        </span>
        <RelativeTime iso={notification.created_at} />
      </div>
      {notification.status ? (
        <StatusCard status={notification.status} />
      ) : (
        <AccountRow
          account={notification.account}
          actions={
            notification.type === 'follow_request' ? (
              <FollowRequestActions account={notification.account} />
            ) : undefined
          }
        />
      )}
    </article>
  );
}
