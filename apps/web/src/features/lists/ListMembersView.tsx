import type { Account } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { AccountRow } from '../../components/AccountRow';
import { Button } from '../../components/Button';
import { Column, ColumnHeader } from '../../components/Column';
import { ColumnSearch } from '../../components/ColumnSearch';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { EmptyState, ErrorMessage, LoadingIndicator } from '../../components/States';
import { accounts } from '../account';
import { listMembers } from './api';
import { listKeys } from './query-keys';
import { useList } from './use-list';

export function ListMembersView() {
  const t = useT();
  const { id = '' } = useParams();
  const client = useQueryClient();
  const list = useList(id);
  const [query, setQuery] = useState('');
  const membersKey = listKeys.members(id);
  const search = useQuery({
    queryKey: listKeys.followingSearch(query),
    queryFn: ({ signal }) => accounts.search(query, { following: true, limit: 10 }, signal),
    enabled: query.trim().length > 0,
  });
  // every member at once (limit=0), so that search results can say Add or Remove
  const memberIds = useQuery({
    queryKey: listKeys.allMembers(id),
    queryFn: async ({ signal }) => {
      const members = await listMembers.all(id, signal);
      return new Set(members.map((member) => member.id));
    },
    enabled: query.trim().length > 0,
  });
  const change = useMutation({
    mutationFn: ({ accountId, add }: { accountId: string; add: boolean }) =>
      add ? listMembers.add(id, accountId) : listMembers.remove(id, accountId),
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
