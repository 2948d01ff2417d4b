import type { SearchResults as Results } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { api } from '../../api/client';
import { Msg } from '../../app/i18n/Msg';
import { AccountRow } from '../../components/AccountRow';
import { Icon } from '../../components/Icon';
import { StatusCard } from '../../components/StatusCard';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';

export function SearchResults({ q }: { q: string }) {
  const results = useQuery({
    queryKey: ['search', q],
    enabled: q.trim().length > 0,
    queryFn: ({ signal }) =>
      api.get<Results>('/api/v2/search', { query: { q, resolve: true, limit: 20 }, signal }),
  });
  if (!q.trim())
    return (
      <EmptyState icon="search">
        <Msg id="search.hint" />
      </EmptyState>
    );
  if (results.isPending) return <LoadingIndicator />;
  if (results.isError) return <ErrorMessage error={results.error} onRetry={() => void results.refetch()} />;
  const { accounts, hashtags, statuses } = results.data;
  if (accounts.length + hashtags.length + statuses.length === 0)
    return (
      <EmptyState icon="search">
        <Msg id="search.no_results" values={{ q }} />
      </EmptyState>
    );
  return (
    <div className="search-results">
      {accounts.length > 0 && (
        <section>
          <h3 className="section-title">
            <Msg id="search.profiles" />
          </h3>
          {accounts.map((account) => (
            <AccountRow key={account.id} account={account} />
          ))}
        </section>
      )}
      {hashtags.length > 0 && (
        <section>
          <h3 className="section-title">
            <Msg id="search.hashtags" />
          </h3>
          {hashtags.map((tag) => (
            <Link key={tag.name} to={`/tags/${encodeURIComponent(tag.name)}`} className="list-link">
              <Icon name="tag" size={20} />
              <span>#{tag.name}</span>
            </Link>
          ))}
        </section>
      )}
      {statuses.length > 0 && (
        <section>
          <h3 className="section-title">
            <Msg id="search.posts" />
          </h3>
          {statuses.map((status) => (
            <StatusCard key={status.id} status={status} />
          ))}
        </section>
      )}
    </div>
  );
}
