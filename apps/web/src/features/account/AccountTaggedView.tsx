import './account.css';
import { useParams } from 'react-router';
import { AccountColumn } from './AccountColumn';
import { AccountStatuses } from './AccountStatuses';

export function AccountTaggedView() {
  const { tagged = '' } = useParams();
  return (
    <AccountColumn
      render={(account) =>
        tagged ? (
          <AccountStatuses
            account={account}
            listKey={`tagged:${tagged}`}
            query={{ tagged }}
            empty="empty.account_tagged"
          />
        ) : (
          <AccountStatuses
            account={account}
            listKey="posts"
            query={{ exclude_replies: true }}
            empty="empty.account_posts"
          />
        )
      }
    />
  );
}
