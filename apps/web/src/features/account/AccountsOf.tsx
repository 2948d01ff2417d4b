import './account.css';
import type { Account } from '@palchat/api';
import { Msg } from '../../platform/i18n/Msg';
import { AccountRow } from '../../components/AccountRow';
import { PagedList } from '../../components/PagedList';
import { accountKeys } from './query-keys';

export function AccountsOf({ account, relation }: { account: Account; relation: 'followers' | 'following' }) {
  return (
    <PagedList<Account>
      queryKey={accountKeys.relations(account.id, relation)}
      path={`/api/v1/accounts/${account.id}/${relation}`}
      itemKey={(item) => item.id}
      renderItem={(item) => <AccountRow account={item} />}
      empty={<Msg id={relation === 'followers' ? 'empty.followers' : 'empty.following'} />}
    />
  );
}
