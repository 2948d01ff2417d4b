import { Msg } from '../../app/i18n/Msg';
import { useInitialState } from '../../app/initial-state-context';
import { Button } from '../../components/Button';
import { ErrorMessage } from '../../components/States';
import { useFollowToggle, useRelationship } from './use-account';

/** Follow / Unfollow / Requested against the real follow API; nothing for oneself or visitors. */
export function FollowButton({ accountId }: { accountId: string }) {
  const { identity } = useInitialState();
  const enabled = identity.signedIn && identity.accountId !== accountId;
  const relationship = useRelationship(accountId, enabled);
  const toggle = useFollowToggle(accountId);
  if (!enabled) return null;
  const state = relationship.data;
  const following = state?.following ?? false;
  const requested = state?.requested ?? false;
  return (
    <>
      <Button
        variant={following || requested ? 'secondary' : 'primary'}
        busy={toggle.isPending || relationship.isPending}
        onClick={() => toggle.mutate(!(following || requested))}
      >
        {following ? (
          <Msg id="account.unfollow" />
        ) : requested ? (
          <Msg id="account.requested" />
        ) : state?.followed_by ? (
          <Msg id="account.follow_back" />
        ) : (
          <Msg id="account.follow" />
        )}
      </Button>
      {toggle.isError && <ErrorMessage error={toggle.error} />}
    </>
  );
}
