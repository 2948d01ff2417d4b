import { Msg } from '../../platform/i18n/Msg';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { SignedInTimeline } from './SignedInTimeline';

export function PinnedView() {
  const t = useT();
  const { identity } = useInitialState();
  return (
    <SignedInTimeline
      timelineId="pinned"
      path={`/api/v1/accounts/${identity.accountId ?? ''}/statuses`}
      query={{ pinned: true }}
      icon="pin"
      title={t('column.pinned')}
      showBack
      empty={<Msg id="empty.pinned" />}
    />
  );
}
