import { useState } from 'react';
import { Msg } from '../../platform/i18n/Msg';
import { useInitialState } from '../../platform/initial-state-context';
import { Button } from '../../components/Button';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { ErrorMessage } from '../../components/States';
import { useT } from '../../platform/i18n/use-t';
import { useConfirmations } from '../settings';
import { useFollowToggle, useRelationship } from './use-account';

/**
 * Follow / Unfollow / Requested against the real follow API; nothing for oneself or visitors. A locked account
 * (`locked`) is asked: "Request to follow".
 */
export function FollowButton({ accountId, locked = false }: { accountId: string; locked?: boolean }) {
  const { identity } = useInitialState();
  const enabled = identity.signedIn && identity.accountId !== accountId;
  const relationship = useRelationship(accountId, enabled);
  const toggle = useFollowToggle(accountId);
  const t = useT();
  const confirm = useConfirmations();
  const [asking, setAsking] = useState(false);
  if (!enabled) return null;
  const state = relationship.data;
  const following = state?.following ?? false;
  const requested = state?.requested ?? false;
  return (
    <>
      <Button
        variant={following || requested ? 'secondary' : 'primary'}
        busy={toggle.isPending || relationship.isPending}
        onClick={() => {
          if (following && confirm.unfollow) setAsking(true);
          else toggle.mutate(!(following || requested));
        }}
      >
        {following ? (
          <Msg id="account.unfollow" />
        ) : requested ? (
          <Msg id="account.requested" />
        ) : locked ? (
          <Msg id="account.request_follow" />
        ) : state?.followed_by ? (
          <Msg id="account.follow_back" />
        ) : (
          <Msg id="account.follow" />
        )}
      </Button>
      {toggle.isError && <ErrorMessage error={toggle.error} />}
      {asking && (
        <ConfirmDialog
          title={t('account.unfollow_confirm_title')}
          confirmLabel={t('account.unfollow')}
          onClose={() => setAsking(false)}
          onConfirm={() => toggle.mutate(false)}
        >
          {t('account.unfollow_confirm')}
        </ConfirmDialog>
      )}
    </>
  );
}
