import './search.css';
import type { Tag } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Icon } from '../../components/Icon';
import { LazyStatusCard as StatusCard } from '../../components/LazyStatusCard';
import { PagedList } from '../../components/PagedList';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { search } from './api';
import { searchKeys } from './query-keys';
import { searchPage, type SearchItems, type SearchType } from './search-paging';

/** How many of each kind the All tab shows before "See more". */
const TOP_RESULTS = 5;

export const SEARCH_TAB_LABELS: Record<SearchType, MessageId> = {
  accounts: 'search.tab_people',
  hashtags: 'search.tab_hashtags',
  statuses: 'search.tab_posts',
};

const EMPTY_TEXT: Record<SearchType, MessageId> = {
  accounts: 'search.no_people',
  hashtags: 'search.no_hashtags',
  statuses: 'search.no_posts',
};

export const searchTabPath = (q: string, type: SearchType | null) =>
  `/search?${new URLSearchParams(type ? { q, type } : { q }).toString()}`;

function HashtagRow({ tag }: { tag: Tag }) {
  return (
    <Link to={`/tags/${encodeURIComponent(tag.name)}`} className="list-link">
      <Icon name="tag" size={20} />
      <span>#{tag.name}</span>
    </Link>
  );
}

function renderResult<K extends SearchType>(type: K, item: SearchItems[K]): ReactNode {
  if (type === 'accounts') return <AccountRow account={item as SearchItems['accounts']} />;
  if (type === 'hashtags') return <HashtagRow tag={item as SearchItems['hashtags']} />;
  return <StatusCard status={item as SearchItems['statuses']} />;
}

// hashtags have no id (their name is their key); accounts and posts do
const keyOf = (item: SearchItems[SearchType]) => ('history' in item ? `#${item.name}` : item.id);

/** One kind of results, page after page as the reader scrolls. */
function TypeResults({ q, type }: { q: string; type: SearchType }) {
  const { identity } = useInitialState();
  return (
    <PagedList<SearchItems[SearchType]>
      key={`${type}:${q}`}
      queryKey={searchKeys.ofType(q, type)}
      path="/api/v2/search"
      fetchPage={(offsetParam, signal) =>
        searchPage((query) => search.run({ ...query }, signal), {
          q,
          type,
          offsetParam,
          signedIn: identity.signedIn,
        })
      }
      itemKey={keyOf}
      renderItem={(item) => renderResult(type, item)}
      empty={<Msg id={EMPTY_TEXT[type]} values={{ q }} />}
      emptyIcon="search"
    />
  );
}

function TopResults({ q }: { q: string }) {
  const results = useQuery({
    queryKey: searchKeys.top(q),
    queryFn: ({ signal }) => search.run({ q, resolve: true, limit: TOP_RESULTS }, signal),
  });
  if (results.isPending) return <LoadingIndicator />;
  if (results.isError) return <ErrorMessage error={results.error} onRetry={() => void results.refetch()} />;
  const sections = (['accounts', 'hashtags', 'statuses'] as const).filter(
    (type) => results.data[type].length > 0,
  );
  if (sections.length === 0)
    return (
      <EmptyState icon="search">
        <Msg id="search.no_results" values={{ q }} />
      </EmptyState>
    );
  return (
    <div className="search-results">
      {sections.map((type) => (
        <section key={type} aria-labelledby={`search-section-${type}`}>
          <div className="search-results__heading">
            <h3 className="section-title" id={`search-section-${type}`}>
              <Msg id={SEARCH_TAB_LABELS[type]} />
            </h3>
            {results.data[type].length >= TOP_RESULTS && (
              <Link to={searchTabPath(q, type)} className="search-results__more">
                <Msg id="search.see_more" />
              </Link>
            )}
          </div>
          {(results.data[type] as SearchItems[SearchType][]).map((item) => (
            <div key={keyOf(item)}>{renderResult(type, item)}</div>
          ))}
        </section>
      ))}
    </div>
  );
}

/** The results of ?q= on the chosen tab: the top few of each kind, or one kind in full. */
export function SearchResults({ q, type = null }: { q: string; type?: SearchType | null }) {
  if (!q.trim())
    return (
      <EmptyState icon="search">
        <Msg id="search.hint" />
      </EmptyState>
    );
  return type ? <TypeResults q={q} type={type} /> : <TopResults q={q} />;
}
