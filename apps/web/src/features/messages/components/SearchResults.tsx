import { Virtuoso } from 'react-virtuoso';
import type { SearchResult } from '../model';
import { useMessageSearch } from '../data/queries';
import { cutPreview } from '../rules/preview';
import { Avatar } from '../../../components/Avatar';
import { Button } from '../../../components/Button';
import { RelativeTime } from '../../../components/RelativeTime';
import { useT } from '../../../platform/i18n/use-t';

/** Results of the message search, 20 per page, more as the user scrolls (SPEC §9). */
export function SearchResults({
  query,
  conversationId,
  onOpen,
}: {
  query: string;
  conversationId: string | null;
  onOpen: (result: SearchResult) => void;
}) {
  const t = useT();
  const search = useMessageSearch(query, conversationId);
  const results = search.data?.pages.flatMap((page) => page.results) ?? [];
  const total = search.data?.pages[0]?.total_count ?? 0;

  if (search.isPending) return <p className="mbox-state">{t('messages.loading')}</p>;
  if (search.isError)
    return (
      <p className="mbox-state mbox-state--error" role="alert">
        {t('messages.search_failed')}
      </p>
    );
  if (results.length === 0) return <p className="mbox-state">{t('messages.no_results')}</p>;

  return (
    <div className="mbox-search-results" data-testid="search-results">
      <p className="mbox-search-results__count">{t('messages.result_count', { count: total })}</p>
      <Virtuoso
        className="mbox-scroll"
        data={results}
        computeItemKey={(_, result) => result.id}
        endReached={() => {
          if (search.hasNextPage && !search.isFetchingNextPage) void search.fetchNextPage();
        }}
        itemContent={(_, result) => (
          <Button
            variant="bare"
            className="mbox-result"
            data-testid="search-result"
            onClick={() => onOpen(result)}
          >
            <Avatar
              src={result.sender.avatar}
              name={result.sender.display_name || result.sender.username}
              size={36}
            />
            <span className="mbox-result__text">
              <span className="mbox-row__top">
                <span className="mbox-row__name">
                  {result.sender.display_name || result.sender.username}
                  {result.conversation_name &&
                  result.conversation_name !== (result.sender.display_name || result.sender.username) ? (
                    <span className="mbox-result__conversation"> · {result.conversation_name}</span>
                  ) : null}
                </span>
                <span className="mbox-row__time">
                  <RelativeTime iso={result.created_at} />
                </span>
              </span>
              <span className="mbox-result__content">
                <Highlighted text={cutPreview(result.content)} query={query.trim()} />
              </span>
            </span>
          </Button>
        )}
      />
    </div>
  );
}

function Highlighted({ text, query }: { text: string; query: string }) {
  const at = text.toLowerCase().indexOf(query.toLowerCase());
  if (at < 0 || query === '') return <>{text}</>;
  return (
    <>
      {text.slice(0, at)}
      <mark>{text.slice(at, at + query.length)}</mark>
      {text.slice(at + query.length)}
    </>
  );
}
