import './notifications.css';
import type { Notification } from '@palchat/api';
import { hashKey, useQueryClient, type InfiniteData } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link } from 'react-router';
import type { Page } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { markers } from './api';
import { notificationKeys } from './query-keys';
import { useRouteLinkClick } from '../../platform/route-links';
import { Avatar } from '../../components/Avatar';
import { groupNotifications, type NotificationGroup } from './group';
import {
  ClearNotificationsButton,
  NotificationFilterBar,
  useColumnNotificationFilter,
  useUrlNotificationFilter,
  type NotificationFilterState,
} from './NotificationControls';
import { notificationTypes, notificationsKey } from './notification-filter';
import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import type { MessageId } from '../../platform/i18n/messages';
import { Column, ColumnHeader } from '../../components/Column';
import { DisplayName } from '../../components/DisplayName';
import { Icon } from '../../components/Icon';
import { PagedList } from '../../components/PagedList';
import { holdsNewestPage } from '../../components/paging';
import { RelativeTime } from '../../components/RelativeTime';
import { RequireSignIn } from '../../components/RequireSignIn';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';
import { FILTER_SCOPES, isHiddenByFilters, FilterScopeContext } from '../filters';
import { NotificationItem, NOTIFICATION_TEXT } from './NotificationItem';

function GroupItem({ group }: { group: NotificationGroup }) {
  if (group.accounts.length === 1) return <NotificationItem notification={group.latest} />;
  const [icon] = NOTIFICATION_TEXT[group.type];
  const first = group.accounts[0] ?? group.latest.account;
  const name = (
    <Link to={`/@${first.acct}`} data-hover-card-account={first.id}>
      <DisplayName account={first} withAcct={false} />
    </Link>
  );
  const others = group.accounts.length - 1;
  return (
    <article className="notification notification--group">
      <div className="notification__line">
        <Icon name={icon} size={18} className="notification__icon" />
        <span>
          <Msg id={GROUP_TEXT[group.type] ?? 'notification_group.follow'} values={{ name, count: others }} />
        </span>
        <RelativeTime iso={group.latest.created_at} />
      </div>
      <div className="notification__avatars">
        {group.accounts.slice(0, 8).map((account) => (
          <Link
            key={account.id}
            to={`/@${account.acct}`}
            data-hover-card-account={account.id}
            title={account.acct}
          >
            <Avatar src={account.avatar} size={28} />
          </Link>
        ))}
      </div>
      {group.status && <StatusCard status={group.status} />}
    </article>
  );
}

const GROUP_TEXT: Partial<Record<Notification['type'], MessageId>> = {
  favourite: 'notification_group.favourite',
  reblog: 'notification_group.reblog',
  follow: 'notification_group.follow',
  'admin.sign_up': 'notification_group.admin_sign_up',
};

/** While the list is open everything counts as read: the badge clears and the server's marker moves. */
function useMarkNotificationsRead(): void {
  const client = useQueryClient();
  useEffect(() => {
    let lastMarked: string | undefined;
    const read = () => {
      client.setQueryData(queryKeys.unreadNotifications, { count: 0 });
      const data = client.getQueryData<InfiniteData<Page<Notification>>>(notificationKeys.all);
      // once the newest page was dropped (a long scroll), its first item is no longer the newest
      const newest = data && holdsNewestPage(data) ? data.pages[0]?.items[0]?.id : undefined;
      if (!newest || newest === lastMarked) return;
      lastMarked = newest;
      void markers.readNotifications(newest).catch(() => undefined);
    };
    read();
    const hash = hashKey(notificationKeys.all);
    return client.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryHash === hash) read();
    });
  }, [client]);
}

const notificationScope = FILTER_SCOPES.notifications;

/** Notifications about a post that a "hide" filter removes in the notifications context disappear with it. */
const keepUnfiltered = (notification: Notification) =>
  !notification.status || !isHiddenByFilters(notification.status, notificationScope);

function NotificationsTimeline({ filterState }: { filterState: NotificationFilterState }) {
  const t = useT();
  const followLink = useRouteLinkClick();
  useMarkNotificationsRead();
  const [filter, setFilter] = filterState;
  return (
    <RequireSignIn icon="notifications" title={t('column.notifications')}>
      <Column label={t('column.notifications')}>
        <ColumnHeader
          icon="notifications"
          title={t('column.notifications')}
          actions={
            <>
              <a
                href="/notifications/requests"
                className="icon-button"
                aria-label={t('notifications.filtered')}
                title={t('notifications.filtered')}
                onClick={followLink}
              >
                <Icon name="tune" size={20} />
              </a>
              <ClearNotificationsButton />
            </>
          }
        />
        <NotificationFilterBar value={filter} onChange={setFilter} />
        <FilterScopeContext.Provider value={notificationScope}>
          <PagedList<Notification, NotificationGroup>
            key={filter}
            queryKey={notificationsKey(filter)}
            path="/api/v1/notifications"
            query={{ types: notificationTypes(filter) }}
            filter={keepUnfiltered}
            transform={groupNotifications}
            itemKey={(group) => group.key}
            renderItem={(group) => <GroupItem group={group} />}
            empty={<Msg id={filter === 'all' ? 'empty.notifications' : 'empty.notifications_filtered'} />}
            emptyIcon="notifications"
          />
        </FilterScopeContext.Provider>
      </Column>
    </RequireSignIn>
  );
}

export const NotificationsView = () => <NotificationsTimeline filterState={useUrlNotificationFilter()} />;

export const NotificationsColumn = (_: PinnedColumnProps) => (
  <NotificationsTimeline filterState={useColumnNotificationFilter()} />
);
