import type { Status } from '@palchat/api';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { DropdownMenu, MenuItem } from '../../components/DropdownMenu';
import { SocialIcon, type SocialIconName } from '../../components/SocialIcon';
import { startEdit, startRedraft } from '../compose/edit-status';
import { useConfirmations } from '../settings/use-reading-settings';
import { startReply } from './reply';
import { isOn, useDeleteStatus, useToggleStatus, type ToggleAction } from './use-status-actions';

const ReportModal = lazy(() => import('./ReportModal'));

function ActionButton({
  icon,
  label,
  action,
  active,
  count,
  disabled,
  onClick,
}: {
  icon: SocialIconName;
  label: string;
  action: string;
  active?: boolean;
  count?: number;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={active ? 'status-action status-action--active' : 'status-action'}
      aria-label={label}
      title={label}
      aria-pressed={active}
      data-action={action}
      disabled={disabled}
      onClick={onClick}
    >
      <SocialIcon name={icon} size={18} />
      {count !== undefined && count > 0 && <span className="status-action__count">{count}</span>}
    </button>
  );
}

/** Absolute link to a status, for sharing. */
export function statusUrl(status: Status): string {
  return status.url ?? `${window.location.origin}/@${status.account.acct}/${status.id}`;
}

function StatusMenu({
  status,
  onReport,
  onError,
}: {
  status: Status;
  onReport: () => void;
  onError: (message: string) => void;
}) {
  const t = useT();
  const confirm = useConfirmations();
  const { identity } = useInitialState();
  const navigate = useNavigate();
  const toggle = useToggleStatus();
  const remove = useDeleteStatus();
  const own = identity.accountId === status.account.id;
  const item = (label: string, run: () => void, danger = false) => (
    <MenuItem onSelect={run} danger={danger}>
      {label}
    </MenuItem>
  );
  return (
    <DropdownMenu
      label={t('status.more')}
      buttonClassName="status-action"
      icon={<SocialIcon name="more" size={18} />}
    >
      {item(t('status.open'), () => navigate(`/@${status.account.acct}/${status.id}`))}
      {item(t('status.copy_link'), () => void navigator.clipboard?.writeText(statusUrl(status)))}
      {own &&
        (status.visibility === 'public' || status.visibility === 'unlisted') &&
        item(t(status.pinned ? 'status.unpin' : 'status.pin'), () =>
          toggle.mutate({ status, action: 'pin', on: !status.pinned }),
        )}
      {item(t(status.muted ? 'status.unmute_conversation' : 'status.mute_conversation'), () =>
        toggle.mutate({ status, action: 'mute', on: !status.muted }),
      )}
      {own &&
        !status.reblog &&
        item(t('status.edit'), () => {
          startEdit(status).catch(() => onError(t('status.edit_failed')));
        })}
      {own &&
        item(
          t('status.delete'),
          () => {
            if (!confirm.delete || window.confirm(t('status.delete_confirm'))) remove.mutate(status);
          },
          true,
        )}
      {own &&
        item(
          t('status.redraft'),
          () => {
            if (confirm.delete && !window.confirm(t('status.redraft_confirm'))) return;
            remove.mutate(status, {
              onSuccess: (deleted) => void startRedraft(deleted),
              onError: (error) => onError(error.message),
            });
          },
          true,
        )}
      {!own && item(t('status.report', { name: `@${status.account.acct}` }), onReport, true)}
    </DropdownMenu>
  );
}

/** Reply, boost, favourite, bookmark, share (copy link) and the menu; counters update optimistically. */
export function StatusActions({ status }: { status: Status }) {
  const t = useT();
  const confirm = useConfirmations();
  const { identity } = useInitialState();
  const navigate = useNavigate();
  const toggle = useToggleStatus();
  const [copied, setCopied] = useState(false);
  const [reporting, setReporting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const own = identity.accountId === status.account.id;
  const boostable = status.visibility === 'public' || status.visibility === 'unlisted' || own;

  function run(action: ToggleAction) {
    if (!identity.signedIn) {
      navigate('/auth/sign_in');
      return;
    }
    const on = !isOn(status, action);
    if (action === 'reblog' && on && confirm.boost && !window.confirm(t('status.reblog_confirm'))) return;
    toggle.mutate({ status, action, on });
  }
  function share() {
    const url = statusUrl(status);
    void navigator.clipboard?.writeText(url).then(() => {
      setCopied(true);
      window.setTimeout(() => setCopied(false), 2000);
    });
  }

  return (
    <div className="status__actions">
      <ActionButton
        icon="reply"
        action="reply"
        label={t('status.reply')}
        count={status.replies_count}
        onClick={() => {
          if (!identity.signedIn) navigate('/auth/sign_in');
          else if (!startReply(status, identity.username)) navigate('/publish');
        }}
      />
      <ActionButton
        icon="repeat"
        action="boost"
        label={t(status.reblogged ? 'status.unreblog' : 'status.reblog')}
        active={status.reblogged === true}
        count={status.reblogs_count}
        disabled={!boostable}
        onClick={() => run('reblog')}
      />
      <ActionButton
        icon={status.favourited ? 'star' : 'starBorder'}
        action="favourite"
        label={t(status.favourited ? 'status.unfavourite' : 'status.favourite')}
        active={status.favourited === true}
        count={status.favourites_count}
        onClick={() => run('favourite')}
      />
      <ActionButton
        icon={status.bookmarked ? 'bookmark' : 'bookmarkBorder'}
        action="bookmark"
        label={t(status.bookmarked ? 'status.unbookmark' : 'status.bookmark')}
        active={status.bookmarked === true}
        onClick={() => run('bookmark')}
      />
      <ActionButton icon="share" action="share" label={t('status.copy_link')} onClick={share} />
      {copied && (
        <span className="status__copied" role="status">
          {t('status.link_copied')}
        </span>
      )}
      {failure && (
        <span className="status__failure" role="alert">
          {failure}
        </span>
      )}
      {identity.signedIn && (
        <StatusMenu status={status} onReport={() => setReporting(true)} onError={setFailure} />
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportModal account={status.account} status={status} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
