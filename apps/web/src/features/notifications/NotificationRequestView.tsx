import './notifications.css';
import type { Notification } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button } from '../../components/Button';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { notificationRequests } from './api';
import { NotificationItem } from './NotificationItem';
import { notificationKeys } from './query-keys';

export function NotificationRequestView() {
  const t = useT();
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const request = useQuery({
    queryKey: notificationKeys.request(id),
    queryFn: ({ signal }) => notificationRequests.get(id, signal),
  });
  const decide = useMutation({
    mutationFn: (action: 'accept' | 'dismiss') => notificationRequests.decide(id, action),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: notificationKeys.requests });
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
            queryKey={notificationKeys.ofRequest(id)}
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
