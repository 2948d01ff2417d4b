import './account.css';
import type { Account, Status } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { api, ApiError } from '../../api/client';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import type { MessageId } from '../../platform/i18n/messages';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import { PagedList } from '../../components/PagedList';
import { StatusCard } from '../../components/StatusCard';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { NotFoundView } from '../errors/ErrorViews';
import { FILTER_SCOPES } from '../filters/filter-rules';
import { FilterScopeContext, useKeepUnfiltered } from '../filters/filter-scope';
import { AccountHeader } from './AccountHeader';
import { useAccountRef, useResolvedAccount } from './use-account';
import { EmojiText } from '../emoji/EmojiText';
import { CollectionList } from '../collections/CollectionList';
import { useInitialState } from '../../platform/initial-state-context';

/** Resolves the account of the URL, then renders the profile column with `render(account)` below. */
function AccountColumn({
  render,
  withHeader = true,
}: {
  render: (account: Account) => ReactNode;
  withHeader?: boolean;
}) {
  const t = useT();
  const ref = useAccountRef();
  const account = useResolvedAccount(ref);
  if (ref.kind === 'invalid') return <NotFoundView />;
  if (account.error instanceof ApiError && account.error.status === 404) return <NotFoundView />;
  const title = account.data ? account.data.display_name || account.data.username : t('column.profile');
  return (
    <Column label={title}>
      <ColumnHeader icon="person" title={<EmojiText text={title} />} showBack />
      {account.isPending ? (
        <LoadingIndicator />
      ) : account.isError ? (
        <ColumnBody padded>
          <ErrorMessage error={account.error} onRetry={() => void account.refetch()} />
        </ColumnBody>
      ) : (
        <>
          {withHeader && <AccountHeader account={account.data} />}
          {render(account.data)}
        </>
      )}
    </Column>
  );
}

/** The account's pinned posts, each labelled "Pinned", above its posts (GET …/statuses?pinned=true). */
function PinnedStatuses({ account }: { account: Account }) {
  const pinned = useQuery({
    queryKey: ['account-statuses', account.id, 'pinned'],
    queryFn: ({ signal }) =>
      api.get<Status[]>(`/api/v1/accounts/${account.id}/statuses`, { query: { pinned: true }, signal }),
  });
  if (!pinned.data?.length) return null;
  return (
    <div className="pinned-statuses">
      {pinned.data.map((status) => (
        <div key={status.id} className="pinned-status">
          <div className="status__prepend pinned-status__label">
            <Icon name="pin" size={16} />
            <Msg id="account.pinned" />
          </div>
          <StatusCard status={status} />
        </div>
      ))}
    </div>
  );
}

function AccountStatuses({
  account,
  query,
  empty,
  listKey,
  header,
}: {
  account: Account;
  query: Record<string, string | boolean>;
  empty: MessageId;
  listKey: string;
  header?: ReactNode;
}) {
  const keepUnfiltered = useKeepUnfiltered(FILTER_SCOPES.account);
  return (
    <FilterScopeContext.Provider value={FILTER_SCOPES.account}>
      <PagedList<Status>
        queryKey={['account-statuses', account.id, listKey, query]}
        path={`/api/v1/accounts/${account.id}/statuses`}
        query={query}
        filter={keepUnfiltered}
        itemKey={(status) => status.id}
        renderItem={(status) => <StatusCard status={status} />}
        empty={<Msg id={empty} />}
        header={header}
      />
    </FilterScopeContext.Provider>
  );
}

export function AccountPostsView() {
  return (
    <AccountColumn
      render={(account) => (
        <AccountStatuses
          account={account}
          listKey="posts"
          query={{ exclude_replies: true }}
          empty="empty.account_posts"
          header={<PinnedStatuses account={account} />}
        />
      )}
    />
  );
}

export function AccountWithRepliesView() {
  return (
    <AccountColumn
      render={(account) => (
        <AccountStatuses account={account} listKey="replies" query={{}} empty="empty.account_posts" />
      )}
    />
  );
}

export function AccountMediaView() {
  return (
    <AccountColumn
      render={(account) => (
        <AccountStatuses
          account={account}
          listKey="media"
          query={{ only_media: true }}
          empty="empty.account_media"
        />
      )}
    />
  );
}

export function AccountTaggedView() {
  const { tagged = '' } = useParams();
  return (
    <AccountColumn
      render={(account) =>
        tagged ? (
          <AccountStatuses
            account={account}
            listKey={`tagged:${tagged}`}
            query={{ tagged }}
            empty="empty.account_tagged"
          />
        ) : (
          <AccountStatuses
            account={account}
            listKey="posts"
            query={{ exclude_replies: true }}
            empty="empty.account_posts"
          />
        )
      }
    />
  );
}

interface FeaturedTag {
  id: string;
  name: string;
  statuses_count: number | string;
}

function FeaturedTags({ account }: { account: Account }) {
  const tags = useQuery({
    queryKey: ['featured-tags', account.id],
    queryFn: ({ signal }) =>
      api.get<FeaturedTag[]>(`/api/v1/accounts/${account.id}/featured_tags`, { signal }),
  });
  const endorsed = useQuery({
    queryKey: ['endorsements', account.id],
    queryFn: ({ signal }) => api.get<Account[]>(`/api/v1/accounts/${account.id}/endorsements`, { signal }),
  });
  const { identity } = useInitialState();
  const own = identity.accountId === account.id;
  if (tags.isPending || endorsed.isPending) return <LoadingIndicator />;
  const tagList = tags.data ?? [];
  const accounts = endorsed.data ?? [];
  if (tagList.length === 0 && accounts.length === 0)
    return (
      <>
        {tags.isError && <ErrorMessage error={tags.error} />}
        <CollectionList account={account} own={own} />
        <EmptyState icon="star">
          <Msg id="empty.account_featured" />
        </EmptyState>
      </>
    );
  return (
    <div className="featured">
      <CollectionList account={account} own={own} />
      {tagList.length > 0 && (
        <section>
          <h3 className="section-title">
            <Msg id="account.featured_tags" />
          </h3>
          {tagList.map((tag) => (
            <Link
              key={tag.id}
              className="list-link"
              to={`/@${account.acct}/tagged/${encodeURIComponent(tag.name)}`}
            >
              <Icon name="tag" size={20} />
              <span>#{tag.name}</span>
            </Link>
          ))}
        </section>
      )}
      {accounts.length > 0 && (
        <section>
          <h3 className="section-title">
            <Msg id="account.endorsed" />
          </h3>
          {accounts.map((endorsedAccount) => (
            <AccountRow key={endorsedAccount.id} account={endorsedAccount} />
          ))}
        </section>
      )}
    </div>
  );
}

export function AccountFeaturedView() {
  return <AccountColumn render={(account) => <FeaturedTags account={account} />} />;
}

function AccountsOf({ account, relation }: { account: Account; relation: 'followers' | 'following' }) {
  return (
    <PagedList<Account>
      queryKey={['account-relations', account.id, relation]}
      path={`/api/v1/accounts/${account.id}/${relation}`}
      itemKey={(item) => item.id}
      renderItem={(item) => <AccountRow account={item} />}
      empty={<Msg id={relation === 'followers' ? 'empty.followers' : 'empty.following'} />}
    />
  );
}

export function AccountFollowersView() {
  return <AccountColumn render={(account) => <AccountsOf account={account} relation="followers" />} />;
}

export function AccountFollowingView() {
  return <AccountColumn render={(account) => <AccountsOf account={account} relation="following" />} />;
}
