import { useSearchParams } from 'react-router';
import { useT } from '../../app/i18n/use-t';
import { Column, ColumnHeader } from '../../components/Column';
import { SearchBox } from './SearchBox';
import { SearchResults } from './SearchResults';

export function SearchView() {
  const t = useT();
  const [params, setParams] = useSearchParams();
  const q = params.get('q') ?? '';
  return (
    <Column label={t('column.search')}>
      <ColumnHeader icon="search" title={t('column.search')} />
      <SearchBox value={q} autoFocus onSearch={(next) => setParams(next ? { q: next } : {})} />
      <SearchResults q={q} />
    </Column>
  );
}
