import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { queryKeys } from '../../api/queries';
import { useInitialState } from '../../app/initial-state-context';
import { removeCachedStatus, replaceCachedStatus } from '../status/status-cache';
import { timelineStream } from '../timelines/streaming';
import type { Status } from '@palchat/api';

function isStatus(value: unknown): value is Status {
  return (
    typeof value === 'object' && value !== null && 'id' in value && 'content' in value && 'account' in value
  );
}

function isFollowRequest(value: unknown): boolean {
  return typeof value === 'object' && value !== null && 'type' in value && value.type === 'follow_request';
}

/** Live notifications: the unread count grows and the notifications list refetches; edits/deletes apply. */
export default function NotificationStream() {
  const client = useQueryClient();
  const { identity, accessToken } = useInitialState();
  useEffect(() => {
    if (!identity.signedIn || !accessToken) return;
    return timelineStream(accessToken).subscribe({ stream: 'user' }, (event, payload) => {
      if (event === 'notification') {
        const onNotificationsPage = /\/notifications\/?$/.test(window.location.pathname);
        if (!onNotificationsPage)
          client.setQueryData<{ count: number }>(queryKeys.unreadNotifications, (data) => ({
            count: (data?.count ?? 0) + 1,
          }));
        void client.invalidateQueries({ queryKey: ['notifications'], exact: true });
        void client.invalidateQueries({ queryKey: ['notifications', 'grouped'] });
        void client.invalidateQueries({ queryKey: ['notifications', 'filtered'] });
        if (isFollowRequest(payload)) void client.invalidateQueries({ queryKey: queryKeys.followRequests });
      } else if (event === 'delete' && typeof payload === 'string') {
        removeCachedStatus(client, payload);
      } else if (event === 'status.update' && isStatus(payload)) {
        replaceCachedStatus(client, payload);
      }
    });
  }, [client, identity.signedIn, accessToken]);
  return null;
}
