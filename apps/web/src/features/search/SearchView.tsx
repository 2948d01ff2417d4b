import { Link, useSearchParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnHeader } from '../../components/Column';
import { SearchBox } from './SearchBox';
import { SEARCH_TAB_LABELS, SearchResults, searchTabPath } from './SearchResults';
import { SEARCH_TYPES, isSearchType, type SearchType } from './search-paging';

function SearchTabs({ q, type }: { q: string; type: SearchType | null }) {
  const t = useT();
  const tab = (value: SearchType | null) => (
    <Link
      key={value ?? 'all'}
      to={searchTabPath(q, value)}
      replace
      className={value === type ? 'tab tab--active' : 'tab'}
      aria-current={value === type ? 'page' : undefined}
    >
      <Msg id={value ? SEARCH_TAB_LABELS[value] : 'search.tab_all'} />
    </Link>
  );
  return (
    <nav className="tabs" aria-label={t('search.tabs')}>
      {tab(null)}
      {SEARCH_TYPES.map(tab)}
    </nav>
  );
}

export function SearchView() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  const typeParam = params.get('type');
  const type = isSearchType(typeParam) ? typeParam : null;
  return (
    <Column label={t('column.search')}>
      <ColumnHeader icon="search" title={t('column.search')} />
      <SearchBox
        value={q}
        autoFocus
        onSearch={(next) => setParams(next ? (type ? { q: next, type } : { q: next }) : {})}
      />
      {q.trim() && <SearchTabs q={q} type={type} />}
      <SearchResults q={q} type={type} />
    </Column>
  );
}
