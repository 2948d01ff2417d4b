import './account.css';
import type { Account } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { AccountRow } from '../../components/AccountRow';
import { Icon } from '../../components/Icon';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { CollectionList } from '../collections';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountColumn } from './AccountColumn';
import { accounts } from './api';
import { accountKeys } from './query-keys';

function FeaturedTags({ account }: { account: Account }) {
  const tags = useQuery({
    queryKey: accountKeys.featuredTags(account.id),
    queryFn: ({ signal }) => accounts.featuredTags(account.id, signal),
  });
  const endorsed = useQuery({
    queryKey: accountKeys.endorsements(account.id),
    queryFn: ({ signal }) => accounts.endorsements(account.id, signal),
  });
  const { identity } = useInitialState();
  const own = identity.accountId === account.id;
  if (tags.isPending || endorsed.isPending) return <LoadingIndicator />;
  const tagList = tags.data ?? [];
  const endorsedAccounts = endorsed.data ?? [];
  if (tagList.length === 0 && endorsedAccounts.length === 0)
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
      {endorsedAccounts.length > 0 && (
        <section>
          <h3 className="section-title">
            <Msg id="account.endorsed" />
          </h3>
          {endorsedAccounts.map((endorsedAccount) => (
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
