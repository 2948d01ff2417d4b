import type { Account, Tag } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { queryKeys } from '../../api/queries';
import { Msg } from '../../app/i18n/Msg';
import { useT } from '../../app/i18n/use-t';
import type { MessageId } from '../../app/i18n/messages';
import { AccountRow } from '../../components/AccountRow';
import { Button } from '../../components/Button';
import { Column, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage } from '../../components/States';

function SignedInColumn({ icon, title, children }: { icon: IconName; title: string; children: ReactNode }) {
  return (
    <RequireSignIn icon={icon} title={title}>
      <Column label={title}>
        <ColumnHeader icon={icon} title={title} showBack />
        {children}
      </Column>
    </RequireSignIn>
  );
}

/** One POST per row action, then the list (and anything depending on it) is reloaded. */
function useRowAction(listKey: readonly unknown[], also?: readonly unknown[]) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ method, path }: { method: 'POST' | 'DELETE'; path: string }) =>
      method === 'POST' ? api.post(path) : api.delete(path),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: listKey });
      if (also) await client.invalidateQueries({ queryKey: also });
    },
  });
}

function AccountActionList({
  listKey,
  path,
  empty,
  actions,
  also,
}: {
  listKey: string;
  path: string;
  empty: MessageId;
  also?: readonly unknown[];
  actions: (
    account: Account,
    run: (method: 'POST' | 'DELETE', path: string) => void,
    busy: boolean,
  ) => ReactNode;
}) {
  const action = useRowAction([listKey], also);
  return (
    <>
      {action.isError && <ErrorMessage error={action.error} />}
      <PagedList<Account>
        queryKey={[listKey]}
        path={path}
        itemKey={(account) => account.id}
        renderItem={(account) => (
          <AccountRow
            account={account}
            actions={actions(
              account,
              (method, actionPath) => action.mutate({ method, path: actionPath }),
              action.isPending,
            )}
          />
        )}
        empty={<Msg id={empty} />}
      />
    </>
  );
}

export function FollowRequestsView() {
  const t = useT();
  return (
    <SignedInColumn icon="personAdd" title={t('column.follow_requests')}>
      <AccountActionList
        listKey="follow-requests-list"
        path="/api/v1/follow_requests"
        empty="empty.follow_requests"
        also={queryKeys.followRequests}
        actions={(account, run, busy) => (
          <>
            <Button
              busy={busy}
              onClick={() => run('POST', `/api/v1/follow_requests/${account.id}/authorize`)}
            >
              <Msg id="follow_requests.authorize" />
            </Button>
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => run('POST', `/api/v1/follow_requests/${account.id}/reject`)}
            >
              <Msg id="follow_requests.reject" />
            </Button>
          </>
        )}
      />
    </SignedInColumn>
  );
}

export function BlocksView() {
  const t = useT();
  return (
    <SignedInColumn icon="block" title={t('column.blocks')}>
      <AccountActionList
        listKey="blocks"
        path="/api/v1/blocks"
        empty="empty.blocks"
        actions={(account, run, busy) => (
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => run('POST', `/api/v1/accounts/${account.id}/unblock`)}
          >
            <Msg id="blocks.unblock" />
          </Button>
        )}
      />
    </SignedInColumn>
  );
}

export function MutesView() {
  const t = useT();
  return (
    <SignedInColumn icon="mute" title={t('column.mutes')}>
      <AccountActionList
        listKey="mutes"
        path="/api/v1/mutes"
        empty="empty.mutes"
        actions={(account, run, busy) => (
          <Button
            variant="secondary"
            busy={busy}
            onClick={() => run('POST', `/api/v1/accounts/${account.id}/unmute`)}
          >
            <Msg id="mutes.unmute" />
          </Button>
        )}
      />
    </SignedInColumn>
  );
}

export function DomainBlocksView() {
  const t = useT();
  const action = useRowAction(['domain-blocks']);
  return (
    <SignedInColumn icon="block" title={t('column.domain_blocks')}>
      {action.isError && <ErrorMessage error={action.error} />}
      <PagedList<string>
        queryKey={['domain-blocks']}
        path="/api/v1/domain_blocks"
        itemKey={(domain) => domain}
        renderItem={(domain) => (
          <div className="account-row">
            <span className="account-row__link">
              <Icon name="public" size={20} />
              <strong>{domain}</strong>
            </span>
            <div className="account-row__actions">
              <Button
                variant="secondary"
                busy={action.isPending}
                onClick={() =>
                  action.mutate({
                    method: 'DELETE',
                    path: `/api/v1/domain_blocks?domain=${encodeURIComponent(domain)}`,
                  })
                }
              >
                <Msg id="domain_blocks.unblock" />
              </Button>
            </div>
          </div>
        )}
        empty={<Msg id="empty.domain_blocks" />}
      />
    </SignedInColumn>
  );
}

export function FollowedTagsView() {
  const t = useT();
  const action = useRowAction(['followed-tags']);
  return (
    <SignedInColumn icon="tag" title={t('column.followed_tags')}>
      {action.isError && <ErrorMessage error={action.error} />}
      <PagedList<Tag>
        queryKey={['followed-tags']}
        path="/api/v1/followed_tags"
        itemKey={(tag) => tag.name}
        renderItem={(tag) => (
          <div className="account-row">
            <Link to={`/tags/${encodeURIComponent(tag.name)}`} className="account-row__link">
              <Icon name="tag" size={20} />
              <strong>#{tag.name}</strong>
            </Link>
            <div className="account-row__actions">
              <Button
                variant="secondary"
                busy={action.isPending}
                onClick={() =>
                  action.mutate({
                    method: 'POST',
                    path: `/api/v1/tags/${encodeURIComponent(tag.name)}/unfollow`,
                  })
                }
              >
                <Msg id="followed_tags.unfollow" />
              </Button>
            </div>
          </div>
        )}
        empty={<Msg id="empty.followed_tags" />}
      />
    </SignedInColumn>
  );
}
