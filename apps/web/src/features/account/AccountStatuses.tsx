import './account.css';
import type { Account, Status } from '@palchat/api';
import type { ReactNode } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import type { MessageId } from '../../platform/i18n/messages';
import { PagedList } from '../../components/PagedList';
import { StatusCard } from '../../components/StatusCard';
import { FILTER_SCOPES, FilterScopeContext, useKeepUnfiltered } from '../filters';
import { accountKeys } from './query-keys';

export function AccountStatuses({
  account,
  query,
  empty,
  listKey,
  header,
}: {
  account: Account;
  query: Record<string, string | boolean>;
  empty: MessageId;
  listKey: string;
  header?: ReactNode;
}) {
  const keepUnfiltered = useKeepUnfiltered(FILTER_SCOPES.account);
  return (
    <FilterScopeContext.Provider value={FILTER_SCOPES.account}>
      <PagedList<Status>
        queryKey={accountKeys.statuses(account.id, listKey, query)}
        path={`/api/v1/accounts/${account.id}/statuses`}
        query={query}
        filter={keepUnfiltered}
        itemKey={(status) => status.id}
        renderItem={(status) => <StatusCard status={status} />}
        empty={<Msg id={empty} />}
        header={header}
      />
    </FilterScopeContext.Provider>
  );
}
