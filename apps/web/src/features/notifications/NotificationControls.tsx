import './notifications.css';
import type { Account } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { relationshipKeys, followRequests } from '../relationships';
import { notifications } from './api';
import { notificationKeys } from './query-keys';
import { queryKeys } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { Button, IconButton } from '../../components/Button';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { Modal } from '../../components/Modal';
import { ErrorMessage } from '../../components/States';
import { isNotificationFilter, type NotificationFilter } from './notification-filter';

export type NotificationFilterState = [NotificationFilter, (next: NotificationFilter) => void];

/** The filter of /notifications, in the URL (?filter=). */
export function useUrlNotificationFilter(): NotificationFilterState {
  const [params, setParams] = useSearchParams();
  const fromUrl = params.get('filter');
  return [
    isNotificationFilter(fromUrl) ? fromUrl : 'all',
    (next) => setParams(next === 'all' ? {} : { filter: next }, { replace: true }),
  ];
}

/** The filter of a pinned deck column: its own, not the URL's (no search-params hooks run for it). */
export function useColumnNotificationFilter(): NotificationFilterState {
  return useState<NotificationFilter>('all');
}

const TYPE_FILTERS: [NotificationFilter, IconName, MessageId][] = [
  ['favourite', 'star', 'notifications.filter_favourites'],
  ['reblog', 'repeat', 'notifications.filter_boosts'],
  ['poll', 'list', 'notifications.filter_polls'],
  ['update', 'edit', 'notifications.filter_edits'],
  ['follow', 'personAdd', 'notifications.filter_follows'],
];

/** Mastodon's filter bar: All and Mentions in words, then one icon per kind of notification. */
export function NotificationFilterBar({
  value,
  onChange,
}: {
  value: NotificationFilter;
  onChange: (next: NotificationFilter) => void;
}) {
  const t = useT();
  const tab = (filter: NotificationFilter) => ({
    type: 'button' as const,
    'aria-pressed': value === filter,
    onClick: () => onChange(filter),
  });
  const className = (filter: NotificationFilter, extra = '') =>
    ['tab', extra, value === filter ? 'tab--active' : ''].filter(Boolean).join(' ');
  return (
    <div className="tabs notification-filter" role="group" aria-label={t('notifications.filter')}>
      <button {...tab('all')} className={className('all')}>
        <Msg id="notifications.filter_all" />
      </button>
      <button {...tab('mention')} className={className('mention')}>
        <Msg id="notifications.filter_mentions" />
      </button>
      {TYPE_FILTERS.map(([filter, icon, label]) => (
        <button
          key={filter}
          {...tab(filter)}
          className={className(filter, 'tab--icon')}
          aria-label={t(label)}
          title={t(label)}
        >
          <Icon name={icon} size={20} />
        </button>
      ))}
    </div>
  );
}

/** Authorize / Reject right in a follow-request notification; the row then says what was decided. */
export function FollowRequestActions({ account }: { account: Account }) {
  const client = useQueryClient();
  const answer = useMutation({
    mutationFn: (decision: 'authorize' | 'reject') => followRequests.answer(account.id, decision),
    onSuccess: () => {
      // the navigation's count and the follow requests page
      void client.invalidateQueries({ queryKey: queryKeys.followRequests });
      void client.invalidateQueries({ queryKey: relationshipKeys.followRequests });
    },
  });
  if (answer.isSuccess)
    return (
      <span className="notification__answer" role="status">
        <Icon name={answer.variables === 'authorize' ? 'check' : 'close'} size={18} />
        <Msg
          id={
            answer.variables === 'authorize'
              ? 'notifications.request_authorized'
              : 'notifications.request_rejected'
          }
        />
      </span>
    );
  return (
    <>
      {answer.isError && <ErrorMessage error={answer.error} />}
      <Button busy={answer.isPending} onClick={() => answer.mutate('authorize')}>
        <Msg id="follow_requests.authorize" />
      </Button>
      <Button variant="secondary" busy={answer.isPending} onClick={() => answer.mutate('reject')}>
        <Msg id="follow_requests.reject" />
      </Button>
    </>
  );
}

/** "Clear notifications" (POST /api/v1/notifications/clear), after a confirmation, as on Mastodon. */
export function ClearNotificationsButton() {
  const t = useT();
  const [confirming, setConfirming] = useState(false);
  return (
    <>
      <IconButton icon="clearAll" label={t('notifications.clear')} onClick={() => setConfirming(true)} />
      {confirming && <ClearNotificationsDialog onClose={() => setConfirming(false)} />}
    </>
  );
}

/** The confirmation, which holds the request (nothing of it runs before the button is pressed). */
function ClearNotificationsDialog({ onClose }: { onClose: () => void }) {
  const t = useT();
  const client = useQueryClient();
  const clear = useMutation({
    mutationFn: () => notifications.clear(),
    onSuccess: async () => {
      onClose();
      await client.invalidateQueries({ queryKey: notificationKeys.all });
    },
  });
  return (
    <Modal
      title={t('notifications.clear_title')}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Msg id="notifications.clear_cancel" />
          </Button>
          <Button variant="danger" busy={clear.isPending} onClick={() => clear.mutate()}>
            <Msg id="notifications.clear_confirm" />
          </Button>
        </>
      }
    >
      <p>
        <Msg id="notifications.clear_message" />
      </p>
      {clear.isError && <ErrorMessage error={clear.error} />}
    </Modal>
  );
}
