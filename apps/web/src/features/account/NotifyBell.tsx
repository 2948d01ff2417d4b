import type { Account } from '@palchat/api';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { IconButton } from '../../components/Button';
import { useFollowOptions, useRelationship } from './use-account';

/** "Notify me when @x posts": a bell next to the follow button, only while following. */
export function NotifyBell({ account }: { account: Account }) {
  const t = useT();
  const { identity } = useInitialState();
  const relationship = useRelationship(account.id, identity.signedIn);
  const options = useFollowOptions(account.id);
  if (!relationship.data?.following) return null;
  const notifying = relationship.data.notifying;
  const name = `@${account.acct}`;
  const label = t(notifying ? 'account.notify_off' : 'account.notify_on', { name });
  return (
    <IconButton
      icon="notifications"
      label={label}
      active={notifying}
      disabled={options.isPending}
      onClick={() => options.mutate({ notify: !notifying })}
    />
  );
}
