import { queryKeys } from '../../api/queries';
import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { Button } from '../../components/Button';
import { followRequests } from './api';
import { SignedInColumn, AccountActionList } from './relationship-lists';

export function FollowRequestsView() {
  const t = useT();
  return (
    <SignedInColumn icon="personAdd" title={t('column.follow_requests')}>
      <AccountActionList
        listKey="follow-requests-list"
        path="/api/v1/follow_requests"
        empty="empty.follow_requests"
        also={queryKeys.followRequests}
        actions={(account, run, busy) => (
          <>
            <Button busy={busy} onClick={() => run(() => followRequests.answer(account.id, 'authorize'))}>
              <Msg id="follow_requests.authorize" />
            </Button>
            <Button
              variant="secondary"
              busy={busy}
              onClick={() => run(() => followRequests.answer(account.id, 'reject'))}
            >
              <Msg id="follow_requests.reject" />
            </Button>
          </>
        )}
      />
    </SignedInColumn>
  );
}
