import './filters.css';
import { useParams, useSearchParams } from 'react-router';
import { useT } from '../../platform/i18n/use-t';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { RequireSignIn } from '../../components/RequireSignIn';
import { ErrorMessage, LoadingIndicator } from '../../components/States';
import { filterFormFrom, hashtagMuteForm, newFilterForm } from './filter-form';
import { FilterForm } from './FilterForm';
import { useFilter } from './filters-api';

function EditFilter({ id }: { id: string }) {
  const filter = useFilter(id);
  if (filter.isPending) return <LoadingIndicator />;
  if (filter.isError) return <ErrorMessage error={filter.error} onRetry={() => void filter.refetch()} />;
  return <FilterForm key={filter.data.id} initial={filterFormFrom(filter.data)} saved={filter.data} />;
}

/** /filters/new (prefilled by ?hashtag= from the hashtag popup's mute entry) and /filters/:id/edit. */
export function FilterEditView() {
  const t = useT();
  const { id } = useParams();
  const [search] = useSearchParams();
  const hashtag = search.get('hashtag')?.trim();
  const title = t(id ? 'column.edit_filter' : 'column.new_filter');
  return (
    <RequireSignIn icon="mute" title={title}>
      <Column label={title}>
        <ColumnHeader icon="mute" title={title} showBack />
        <ColumnBody padded>
          {id ? (
            <EditFilter id={id} />
          ) : (
            <FilterForm key={hashtag ?? ''} initial={hashtag ? hashtagMuteForm(hashtag) : newFilterForm()} />
          )}
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}
