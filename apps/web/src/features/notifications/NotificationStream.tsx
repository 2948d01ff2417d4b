import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/queries';
import { notificationKeys } from './query-keys';
import { useInitialState } from '../../platform/initial-state-context';
import { removeCachedStatus, replaceCachedStatus } from '../../api/status-cache';
import { sharedStream } from '../../api/streaming';
import type { Status } from '@palchat/api';

function isStatus(value: unknown): value is Status {
  return (
    typeof value === 'object' && value !== null && 'id' in value && 'content' in value && 'account' in value
  );
}

/** There, the notifications are being read: the unread count stays as the page set it. */
const onNotificationsPage = () => /\/notifications\/?$/.test(window.location.pathname);

function isFollowRequest(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'follow_request';
}

/**
 * Live notifications: the unread count grows and the notifications list refetches; edits/deletes apply. Each
 * time the stream listens again after a drop, what it may have missed is read again.
 */
export default function NotificationStream() {
  const client = useQueryClient();
  const { identity, accessToken } = useInitialState();
  useEffect(() => {
    if (!identity.signedIn || !accessToken) return;
    const refetchNotifications = () => {
      void client.invalidateQueries({ queryKey: notificationKeys.all, exact: true });
      void client.invalidateQueries({ queryKey: notificationKeys.grouped });
      void client.invalidateQueries({ queryKey: notificationKeys.filtered });
    };
    return sharedStream(accessToken).subscribe(
      { stream: 'user' },
      (event, payload) => {
        if (event === 'notification') {
          if (!onNotificationsPage())
            client.setQueryData<{ count: number }>(queryKeys.unreadNotifications, (data) => ({
              count: (data?.count ?? 0) + 1,
            }));
          refetchNotifications();
          if (isFollowRequest(payload)) void client.invalidateQueries({ queryKey: queryKeys.followRequests });
        } else if (event === 'delete' && typeof payload === 'string') {
          removeCachedStatus(client, payload);
        } else if (event === 'status.update' && isStatus(payload)) {
          replaceCachedStatus(client, payload);
        }
      },
      // what arrived while the stream was away (a drop): the count, the lists and follow requests are read again
      {
        onReconnected: () => {
          if (!onNotificationsPage())
            void client.invalidateQueries({ queryKey: queryKeys.unreadNotifications });
          void client.invalidateQueries({ queryKey: queryKeys.followRequests });
          refetchNotifications();
        },
      },
    );
  }, [client, identity.signedIn, accessToken]);
  return null;
}
