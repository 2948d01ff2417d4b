import type { Account, List, RepliesPolicy } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { api } from '../../api/client';
import { queryKeys, useLists } from '../../api/queries';
import type { PinnedColumnProps } from '../../platform/pinned-column-context';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Button, ButtonLink } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { Column, ColumnBody, ColumnHeader } from '../../components/Column';
import { ColumnSearch } from '../../components/ColumnSearch';
import { Icon } from '../../components/Icon';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { FILTER_SCOPES } from '../filters/filter-rules';
import { Timeline } from '../timelines/Timeline';
import { columnParamId } from '../../platform/column-params';

function useList(id: string | undefined) {
  return useQuery({
    queryKey: ['list', id],
    queryFn: ({ signal }) => api.get<List>(`/api/v1/lists/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

export function ListsView() {
  const t = useT();
  const lists = useLists();
  const sorted = [...(lists.data ?? [])].sort((a, b) => a.title.localeCompare(b.title));
  return (
    <RequireSignIn icon="list" title={t('column.lists')}>
      <Column label={t('column.lists')}>
        <ColumnHeader
          icon="list"
          title={t('column.lists')}
          actions={
            <ButtonLink to="/lists/new" variant="secondary">
              <Icon name="add" size={18} />
              <Msg id="lists.new" />
            </ButtonLink>
          }
        />
        {lists.isPending ? (
          <LoadingIndicator />
        ) : lists.isError ? (
          <ErrorMessage error={lists.error} onRetry={() => void lists.refetch()} />
        ) : sorted.length === 0 ? (
          <EmptyState icon="list">
            <Msg id="empty.lists" />
          </EmptyState>
        ) : (
          <ul className="plain-list">
            {sorted.map((list) => (
              <li key={list.id}>
                <Link to={`/lists/${list.id}`} className="list-link">
                  <Icon name="list" size={20} />
                  <span>{list.title}</span>
                  <Icon name="chevronRight" size={20} />
                </Link>
              </li>
            ))}
          </ul>
        )}
      </Column>
    </RequireSignIn>
  );
}

export function ListEditView() {
  const t = useT();
  const { id } = useParams();
  const list = useList(id);
  const title = id ? t('column.edit_list') : t('column.new_list');
  return (
    <RequireSignIn icon="list" title={title}>
      <Column label={title}>
        <ColumnHeader icon="list" title={title} showBack />
        <ColumnBody padded>
          {id && list.isPending ? (
            <LoadingIndicator />
          ) : id && list.isError ? (
            <ErrorMessage error={list.error} />
          ) : (
            <ListForm key={list.data?.id ?? 'new'} list={list.data} />
          )}
        </ColumnBody>
      </Column>
    </RequireSignIn>
  );
}

function ListForm({ list }: { list: List | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const client = useQueryClient();
  const [title, setTitle] = useState(list?.title ?? '');
  const [repliesPolicy, setRepliesPolicy] = useState<RepliesPolicy>(list?.replies_policy ?? 'list');
  const [exclusive, setExclusive] = useState(list?.exclusive ?? false);
  const [asking, setAsking] = useState(false);
  const save = useMutation({
    mutationFn: (body: { title: string; replies_policy: RepliesPolicy; exclusive: boolean }) =>
      list ? api.put<List>(`/api/v1/lists/${list.id}`, body) : api.post<List>('/api/v1/lists', body),
    onSuccess: async (saved) => {
      client.setQueryData(['list', saved.id], saved);
      await client.invalidateQueries({ queryKey: queryKeys.lists });
      await navigate(list ? `/lists/${saved.id}` : `/lists/${saved.id}/members`);
    },
  });
  const remove = useMutation({
    mutationFn: () => api.delete(`/api/v1/lists/${list?.id ?? ''}`),
    onSuccess: async () => {
      await client.invalidateQueries({ queryKey: queryKeys.lists });
      await navigate('/lists');
    },
  });
  function submit(event: FormEvent) {
    event.preventDefault();
    save.mutate({ title: title.trim(), replies_policy: repliesPolicy, exclusive });
  }
  return (
    <form className="form" onSubmit={submit}>
      <label className="field">
        <span className="field__label">
          <Msg id="lists.title_label" />
        </span>
        <input value={title} onChange={(event) => setTitle(event.target.value)} required maxLength={100} />
      </label>
      <label className="field">
        <span className="field__label">
          <Msg id="lists.replies_policy" />
        </span>
        <select
          value={repliesPolicy}
          onChange={(event) => setRepliesPolicy(event.target.value as RepliesPolicy)}
        >
          <option value="list">{t('lists.replies_policy.list')}</option>
          <option value="followed">{t('lists.replies_policy.followed')}</option>
          <option value="none">{t('lists.replies_policy.none')}</option>
        </select>
      </label>
      <label className="checkbox-field">
        <input type="checkbox" checked={exclusive} onChange={(event) => setExclusive(event.target.checked)} />
        <span>
          <strong>
            <Msg id="lists.exclusive" />
          </strong>
          <span className="field__hint">
            <Msg id="lists.exclusive_hint" />
          </span>
        </span>
      </label>
      {save.isError && <ErrorMessage error={save.error} />}
      {remove.isError && <ErrorMessage error={remove.error} />}
      <div className="form__actions">
        {list && (
          <>
            <ButtonLink to={`/lists/${list.id}/members`} variant="secondary">
              <Msg id="lists.manage_members" />
            </ButtonLink>
            <Button variant="danger" busy={remove.isPending} onClick={() => setAsking(true)}>
              <Msg id="lists.delete" />
            </Button>
            {asking && (
              <ConfirmDialog
                title={t('lists.delete_confirm_title')}
                confirmLabel={t('lists.delete')}
                onClose={() => setAsking(false)}
                onConfirm={() => remove.mutate()}
              >
                {t('lists.delete_confirm', { title: list.title })}
              </ConfirmDialog>
            )}
          </>
        )}
        <Button type="submit" busy={save.isPending} disabled={title.trim() === ''}>
          {list ? <Msg id="common.save" /> : <Msg id="lists.create" />}
        </Button>
      </div>
    </form>
  );
}

export function ListMembersView() {
  const t = useT();
  const { id = '' } = useParams();
  const client = useQueryClient();
  const list = useList(id);
  const [query, setQuery] = useState('');
  const membersKey = ['list-members', id];
  const search = useQuery({
    queryKey: ['account-search', 'following', query],
    queryFn: ({ signal }) =>
      api.get<Account[]>('/api/v1/accounts/search', {
        query: { q: query, following: true, limit: 10 },
        signal,
      }),
    enabled: query.trim().length > 0,
  });
  // every member at once (limit=0), so that search results can say Add or Remove
  const memberIds = useQuery({
    queryKey: [...membersKey, 'all'],
    queryFn: async ({ signal }) => {
      const members = await api.get<Account[]>(`/api/v1/lists/${id}/accounts`, {
        query: { limit: 0 },
        signal,
      });
      return new Set(members.map((member) => member.id));
    },
    enabled: query.trim().length > 0,
  });
  const change = useMutation({
    mutationFn: ({ accountId, add }: { accountId: string; add: boolean }) =>
      add
        ? api.post(`/api/v1/lists/${id}/accounts`, { account_ids: [accountId] })
        : api.delete(`/api/v1/lists/${id}/accounts`, { query: { account_ids: [accountId] } }),
    onSuccess: () => client.invalidateQueries({ queryKey: membersKey }),
  });
  const title = list.data ? t('lists.members_of', { title: list.data.title }) : t('column.list_members');
  return (
    <RequireSignIn icon="list" title={t('column.list_members')}>
      <Column label={title}>
        <ColumnHeader icon="people" title={title} showBack />
        <ColumnSearch label={t('lists.search_people')} value={query} onChange={setQuery} />
        {change.isError && <ErrorMessage error={change.error} />}
        {query.trim() ? (
          search.isPending ? (
            <LoadingIndicator />
          ) : search.isError ? (
            <ErrorMessage error={search.error} />
          ) : (search.data ?? []).length === 0 ? (
            <EmptyState>
              <Msg id="lists.no_people_found" />
            </EmptyState>
          ) : (
            (search.data ?? []).map((account) => {
              const member = memberIds.data?.has(account.id) ?? false;
              return (
                <AccountRow
                  key={account.id}
                  account={account}
                  actions={
                    <Button
                      variant={member ? 'secondary' : 'primary'}
                      busy={
                        memberIds.isPending || (change.isPending && change.variables.accountId === account.id)
                      }
                      onClick={() => change.mutate({ accountId: account.id, add: !member })}
                    >
                      <Msg id={member ? 'lists.remove_member' : 'lists.add_member'} />
                    </Button>
                  }
                />
              );
            })
          )
        ) : (
          <PagedList<Account>
            queryKey={membersKey}
            path={`/api/v1/lists/${id}/accounts`}
            itemKey={(account) => account.id}
            renderItem={(account) => (
              <AccountRow
                account={account}
                actions={
                  <Button
                    variant="secondary"
                    onClick={() => change.mutate({ accountId: account.id, add: false })}
                  >
                    <Msg id="lists.remove_member" />
                  </Button>
                }
              />
            )}
            empty={<Msg id="empty.list_members" />}
          />
        )}
      </Column>
    </RequireSignIn>
  );
}

function ListTimeline({ id }: { id: string }) {
  const t = useT();
  const list = useList(id);
  return (
    <Timeline
      timelineId={`list:${id}`}
      path={`/api/v1/timelines/list/${id}`}
      filterScope={FILTER_SCOPES.home}
      stream={{ stream: 'list', list: id }}
      icon="list"
      title={list.data?.title ?? t('column.list')}
      showBack
      headerActions={
        <Link
          to={`/lists/${id}/edit`}
          className="icon-button"
          aria-label={t('lists.edit')}
          title={t('lists.edit')}
        >
          <Icon name="edit" size={20} />
        </Link>
      }
      empty={<Msg id="empty.list" />}
    />
  );
}

export function ListTimelineView() {
  const t = useT();
  const { id = '' } = useParams();
  return (
    <RequireSignIn icon="list" title={t('column.list')}>
      <ListTimeline id={id} />
    </RequireSignIn>
  );
}

export const ListColumn = ({ params }: PinnedColumnProps) => <ListTimeline id={columnParamId(params)} />;
