import './filters.css';
import type { Filter } from '@palchat/api';
import { useState } from 'react';
import { useIntl, type IntlShape } from 'react-intl';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button, ButtonLink } from '../../components/Button';
import { Column, ColumnHeader } from '../../components/Column';
import { Icon } from '../../components/Icon';
import { Modal } from '../../components/Modal';
import { RequireSignIn } from '../../components/RequireSignIn';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { CONTEXT_CHOICES } from './filter-form';
import { useDeleteFilter, useFilters } from './filters-api';

/** "in 1 day" rather than "in 24 hr.": a freshly saved expiry is a little under the chosen duration. */
function untilLabel(intl: IntlShape, iso: string): string {
  const minutes = Math.max(1, Math.round((Date.parse(iso) - Date.now()) / 60_000));
  if (minutes >= 23.5 * 60) return intl.formatRelativeTime(Math.round(minutes / 1440), 'day');
  if (minutes >= 59) return intl.formatRelativeTime(Math.round(minutes / 60), 'hour');
  return intl.formatRelativeTime(minutes, 'minute');
}

function FilterExpiry({ expiresAt }: { expiresAt: string | null }) {
  const intl = useIntl();
  if (expiresAt === null) return <Msg id="filters.never_expires" />;
  if (Date.parse(expiresAt) <= Date.now()) return <Msg id="filters.expired" />;
  return (
    <Msg
      id="filters.expires_at"
      values={{ time: <time dateTime={expiresAt}>{untilLabel(intl, expiresAt)}</time> }}
    />
  );
}

function FilterCard({ filter, onDelete }: { filter: Filter; onDelete: () => void }) {
  const t = useT();
  const contexts = CONTEXT_CHOICES.filter(([context]) => filter.context.includes(context));
  return (
    <article className="filter-card" aria-labelledby={`filter-${filter.id}-title`}>
      <div className="filter-card__header">
        <h2 id={`filter-${filter.id}-title`} className="filter-card__title">
          {filter.title}
        </h2>
        <div className="filter-card__actions">
          <ButtonLink
            to={`/filters/${filter.id}/edit`}
            variant="secondary"
            aria-label={t('filters.edit_named', { title: filter.title })}
          >
            <Icon name="edit" size={16} />
            <Msg id="filters.edit" />
          </ButtonLink>
          <Button
            variant="secondary"
            className="filter-card__delete"
            aria-label={t('filters.delete_named', { title: filter.title })}
            onClick={onDelete}
          >
            <Msg id="filters.delete" />
          </Button>
        </div>
      </div>
      <p className="filter-card__meta">
        <span>
          <FilterExpiry expiresAt={filter.expires_at} />
        </span>
        <span aria-hidden="true"> · </span>
        <span>
          <Msg id={filter.filter_action === 'hide' ? 'filters.action.hide' : 'filters.action.warn'} />
        </span>
      </p>
      <p className="filter-card__contexts">
        {contexts.map(([context, label]) => (
          <span key={context} className="filter-chip filter-chip--context">
            {t(label)}
          </span>
        ))}
      </p>
      {filter.keywords.length > 0 && (
        <ul className="filter-card__keywords" aria-label={t('filters.keywords')}>
          {filter.keywords.map((keyword) => (
            <li key={keyword.id} className="filter-chip">
              {keyword.keyword}
              {keyword.whole_word && (
                <small>
                  <Msg id="filters.whole_word_short" />
                </small>
              )}
            </li>
          ))}
        </ul>
      )}
    </article>
  );
}

function DeleteFilterModal({ filter, onClose }: { filter: Filter; onClose: () => void }) {
  const remove = useDeleteFilter();
  return (
    <Modal
      title={<Msg id="filters.delete_title" values={{ title: filter.title }} />}
      onClose={onClose}
      actions={
        <>
          <Button variant="secondary" onClick={onClose}>
            <Msg id="filters.cancel" />
          </Button>
          <Button
            variant="danger"
            busy={remove.isPending}
            onClick={() => remove.mutate(filter, { onSuccess: onClose })}
          >
            <Msg id="filters.delete" />
          </Button>
        </>
      }
    >
      <p>
        <Msg id="filters.delete_confirm" />
      </p>
      {remove.isError && <ErrorMessage error={remove.error} />}
    </Modal>
  );
}

/** /filters: the viewer's filters (Mastodon's filter settings), each with edit and delete. */
export function FiltersView() {
  const t = useT();
  const filters = useFilters();
  const [deleting, setDeleting] = useState<Filter | null>(null);
  return (
    <RequireSignIn icon="mute" title={t('column.filters')}>
      <Column label={t('column.filters')}>
        <ColumnHeader
          icon="mute"
          title={t('column.filters')}
          showBack
          actions={
            <ButtonLink to="/filters/new" variant="secondary">
              <Icon name="add" size={18} />
              <Msg id="filters.new" />
            </ButtonLink>
          }
        />
        <p className="filters-lead">
          <Msg id="filters.lead" />
        </p>
        {filters.isPending ? (
          <LoadingIndicator />
        ) : filters.isError ? (
          <ErrorMessage error={filters.error} onRetry={() => void filters.refetch()} />
        ) : filters.data.length === 0 ? (
          <EmptyState icon="mute">
            <Msg id="empty.filters" />
          </EmptyState>
        ) : (
          <div className="filter-list">
            {filters.data.map((filter) => (
              <FilterCard key={filter.id} filter={filter} onDelete={() => setDeleting(filter)} />
            ))}
          </div>
        )}
        {deleting && <DeleteFilterModal filter={deleting} onClose={() => setDeleting(null)} />}
      </Column>
    </RequireSignIn>
  );
}
