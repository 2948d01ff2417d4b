import './notifications.css';
import type { NotificationRequest } from '@palchat/api';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { notificationKeys } from './query-keys';

export function NotificationRequestsView() {
  const t = useT();
  return (
    <RequireSignIn icon="notifications" title={t('column.notification_requests')}>
      <Column label={t('column.notification_requests')}>
        <ColumnHeader icon="notifications" title={t('column.notification_requests')} showBack />
        <PagedList<NotificationRequest>
          queryKey={notificationKeys.requests}
          path="/api/v1/notifications/requests"
          itemKey={(request) => request.id}
          renderItem={(request) => (
            <Link to={`/notifications/requests/${request.id}`} className="request-row">
              <AccountRow account={request.account} />
              <span className="request-row__count">{request.notifications_count}</span>
              <Icon name="chevronRight" size={20} />
            </Link>
          )}
          empty={<Msg id="empty.notification_requests" />}
        />
      </Column>
    </RequireSignIn>
  );
}
