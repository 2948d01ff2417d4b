import './onboarding.css';
import { type Account } from '@palchat/api';
import { Link } from 'react-router';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { AccountRow } from '../../components/AccountRow';
import { Column, ColumnHeader } from '../../components/Column';
import { PagedList } from '../../components/PagedList';
import { RequireSignIn } from '../../components/RequireSignIn';
import { FollowButton } from '../account';
import { directoryKeys } from '../directory';

export function OnboardingFollowsView() {
  const t = useT();
  const { identity } = useInitialState();
  return (
    <RequireSignIn icon="personAdd" title={t('onboarding.follows_title')}>
      <Column label={t('onboarding.follows_title')}>
        <ColumnHeader icon="personAdd" title={t('onboarding.follows_title')} showBack />
        <p className="column-lead">
          <Msg id="onboarding.follows_lead" />
        </p>
        <PagedList<Account>
          queryKey={directoryKeys.accounts('active', true)}
          path="/api/v1/directory"
          query={{ order: 'active', local: true, limit: 40 }}
          itemKey={(account) => account.id}
          filter={(account) => account.id !== identity.accountId}
          renderItem={(account) => (
            <AccountRow
              account={account}
              actions={<FollowButton accountId={account.id} locked={account.locked} />}
            />
          )}
          empty={<Msg id="empty.suggestions" />}
        />
        <div className="column-footer">
          <Link to="/start" className="button button--primary">
            <Msg id="onboarding.back_to_steps" />
          </Link>
        </div>
      </Column>
    </RequireSignIn>
  );
}
