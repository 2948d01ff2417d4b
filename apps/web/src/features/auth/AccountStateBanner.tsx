import './account-state-banner.css';
import { useQuery } from '@tanstack/react-query';
import type { Account } from '@palchat/api';
import { Link } from 'react-router';
import { queryKeys } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { accounts } from '../account';
import { signOut } from './sign-out';

function useAccount(id: string | null) {
  return useQuery({
    queryKey: queryKeys.account(id ?? ''),
    queryFn: ({ signal }) => accounts.get(id ?? '', signal),
    enabled: id !== null,
    retry: false,
  });
}

function handle(account: Account | undefined, fallback: string | null): string {
  return account ? `@${account.acct}` : fallback ? `@${fallback}` : '';
}

/** Disabled and moved accounts (SPEC §2): an explanation, an account-settings link and log out. */
export default function AccountStateBanner() {
  const { identity } = useInitialState();
  const disabled = useAccount(identity.disabledAccountId);
  const movedTo = useAccount(identity.movedToAccountId);
  if (!identity.disabledAccountId && !identity.movedToAccountId) return null;
  const own = handle(disabled.data, identity.username);
  return (
    <div className="account-state-banner" role="status" data-testid="account-state-banner">
      <p>
        {identity.movedToAccountId ? (
          <Msg
            id="account_state.moved"
            values={{
              account: <strong>{own}</strong>,
              movedTo: movedTo.data ? (
                <Link to={`/@${movedTo.data.acct}`}>{handle(movedTo.data, null)}</Link>
              ) : (
                '…'
              ),
            }}
          />
        ) : (
          <Msg id="account_state.disabled" values={{ account: <strong>{own}</strong> }} />
        )}
      </p>
      <div className="account-state-banner__actions">
        <Link
          className="button button--secondary button--block"
          to={identity.movedToAccountId ? '/settings/migration' : '/settings/preferences'}
        >
          <Msg id="account_state.settings" />
        </Link>
        <button
          type="button"
          className="button button--plain button--block"
          onClick={() => void signOut(identity.accountId ?? identity.disabledAccountId)}
        >
          <Msg id="navigation.log_out" />
        </button>
      </div>
    </div>
  );
}
