import type { Notification, NotificationRequest } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import type { PinnedColumnProps } from '../../app/layouts/PinnedColumn';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import type { MessageId } from '../../app/i18n/messages';
import { AccountRow } from '../../components/AccountRow';
import { Button } from '../../components/Button';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { DisplayName } from '../../components/DisplayName';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { PagedList } from '../../components/PagedList';
import { RelativeTime } from '../../components/RelativeTime';
import { RequireSignIn } from '../../components/RequireSignIn';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';
import { ErrorMessage, LoadingIndicator } from '../../components/States';

const NOTIFICATION_TEXT: Record<Notification['type'], [IconName, MessageId]> = {
  mention: ['mention', 'notification.mention'],
  status: ['notifications', 'notification.status'],
  reblog: ['repeat', 'notification.reblog'],
  follow: ['personAdd', 'notification.follow'],
  follow_request: ['personAdd', 'notification.follow_request'],
  favourite: ['star', 'notification.favourite'],
  poll: ['list', 'notification.poll'],
  update: ['edit', 'notification.update'],
  'admin.sign_up': ['personAdd', 'notification.admin_sign_up'],
  'admin.report': ['shield', 'notification.admin_report'],
};

function NotificationItem({ notification }: { notification: Notification }) {
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
                <Link to={`/@${notification.account.acct}`}>
                  <DisplayName account={notification.account} withAcct={false} />
                </Link>
              ),
            }}
          />
        </span>
        <RelativeTime iso={notification.created_at} />
      </div>
      {notification.status ? (
        <StatusCard status={notification.status} />
      ) : (
        <AccountRow account={notification.account} />
      )}
    </article>
  );
}

function NotificationsTimeline() {
  const t = useT();
  return (
    <RequireSignIn icon="notifications" title={t('column.notifications')}>
      <Column label={t('column.notifications')}>
        <ColumnHeader
          icon="notifications"
          title={t('column.notifications')}
          actions={
            <Link
              to="/notifications/requests"
              className="icon-button"
              aria-label={t('notifications.filtered')}
              title={t('notifications.filtered')}
            >
              <Icon name="tune" size={20} />
            </Link>
          }
        />
        <PagedList<Notification>
          queryKey={['notifications']}
          path="/api/v1/notifications"
          itemKey={(notification) => notification.id}
          renderItem={(notification) => <NotificationItem notification={notification} />}
          empty={<Msg id="empty.notifications" />}
          emptyIcon="notifications"
        />
      </Column>
    </RequireSignIn>
  );
}

export const NotificationsView = NotificationsTimeline;
export const NotificationsColumn = (_: PinnedColumnProps) => <NotificationsTimeline />;

export function NotificationRequestsView() {
  const t = useT();
  return (
    <RequireSignIn icon="notifications" title={t('column.notification_requests')}>
      <Column label={t('column.notification_requests')}>
        <ColumnHeader icon="notifications" title={t('column.notification_requests')} showBack />
        <PagedList<NotificationRequest>
          queryKey={['notification-requests']}
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

export function NotificationRequestView() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const request = useQuery({
    queryKey: ['notification-request', id],
    queryFn: ({ signal }) => api.get<NotificationRequest>(`/api/v1/notifications/requests/${id}`, { signal }),
  });
  const decide = useMutation({
    mutationFn: (action: 'accept' | 'dismiss') => api.post(`/api/v1/notifications/requests/${id}/${action}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: ['notification-requests'] });
      await navigate('/notifications/requests');
    },
  });
  const accountId = request.data?.account.id;
  return (
    <RequireSignIn icon="notifications" title={t('column.notification_request')}>
      <Column label={t('column.notification_request')}>
        <ColumnHeader
          icon="notifications"
          title={request.data ? `@${request.data.account.acct}` : t('column.notification_request')}
          showBack
          actions={
            request.data && (
              <>
                <Button variant="secondary" busy={decide.isPending} onClick={() => decide.mutate('dismiss')}>
                  <Msg id="notifications.dismiss" />
                </Button>
                <Button busy={decide.isPending} onClick={() => decide.mutate('accept')}>
                  <Msg id="notifications.accept" />
                </Button>
              </>
            )
          }
        />
        {decide.isError && <ErrorMessage error={decide.error} />}
        {request.isPending ? (
          <LoadingIndicator />
        ) : request.isError ? (
          <ColumnBody padded>
            <ErrorMessage error={request.error} onRetry={() => void request.refetch()} />
          </ColumnBody>
        ) : (
          <PagedList<Notification>
            queryKey={['notifications', 'request', id]}
            path="/api/v1/notifications"
            query={{ account_id: accountId }}
            enabled={accountId !== undefined}
            itemKey={(notification) => notification.id}
            renderItem={(notification) => <NotificationItem notification={notification} />}
            empty={<Msg id="empty.notifications" />}
          />
        )}
      </Column>
    </RequireSignIn>
  );
}
