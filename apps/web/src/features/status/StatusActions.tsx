import type { Status } from '@palchat/api';
import { Suspense, useEffect, useState } from 'react';
import { lazyWithMessages, withMessages } from '../../platform/lazy-with-messages';
import { useIntl } from 'react-intl';
import { useNavigate } from 'react-router';
import { formatCount } from '../../platform/i18n/format-count';
import type { MessageId } from '../../platform/i18n/messages';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { preloadableLazy } from '../../platform/preloadable-lazy';
import { whenIdle } from '../../platform/use-after-idle';
import { MenuButton } from '../../components/MenuButton';
import { socialIcon, type SocialIconName } from '../../components/SocialIcon';
import { useConfirmations } from '../settings';
import type { StatusMenuProps } from './StatusMenu';
import { statusUrl } from './status-url';
import { isOn, useToggleStatus, type ToggleAction } from './use-status-actions';

const ReportModal = lazyWithMessages(() => import('./ReportModal'));
const BoostConfirm = lazyWithMessages(() => import('./BoostConfirm'));
const StatusMenu = preloadableLazy(() => withMessages(() => import('./StatusMenu')));

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
  const t = useT();
  const intl = useIntl();
  const shownCount = count !== undefined && count > 0 ? formatCount(intl, count) : null;
  return (
    <button
      type="button"
      className={active ? 'status-action status-action--active' : 'status-action'}
      // the visible count is part of the name (WCAG 2.5.3, label in name): "Favorite, 3"
      aria-label={shownCount ? t('status.action_with_count', { action: label, count: shownCount }) : label}
      title={label}
      aria-pressed={active}
      data-action={action}
      disabled={disabled}
      onClick={onClick}
    >
      {socialIcon(icon, 18)}
      {shownCount && <span className="status-action__count">{shownCount}</span>}
    </button>
  );
}

/** Why the viewer may not quote the post (Mastodon's texts), or null when they may (or are signed out). */
function quoteRefusal(status: Status): MessageId | null {
  if (status.quote_approval?.current_user !== 'denied') return null;
  if (status.visibility === 'private' || status.visibility === 'direct') return 'status.quote_private';
  if (status.quote_approval.automatic.includes('followers')) return 'status.quote_followers_only';
  return 'status.quote_denied';
}

let menuPreloadScheduled = false;

/** The menu's chunk loads once the browser is idle after the first card: once per page, not once per card. */
function scheduleMenuPreload(): void {
  if (menuPreloadScheduled) return;
  menuPreloadScheduled = true;
  whenIdle(() => void StatusMenu.preload());
}

/**
 * The "…" button. Its menu, with the edit and re-draft code behind it, loads once the browser is idle; a
 * press before then opens the menu as soon as it has arrived.
 */
function StatusMenuSlot(props: Omit<StatusMenuProps, 'defaultOpen'>) {
  const t = useT();
  const [pressed, setPressed] = useState(false);
  useEffect(scheduleMenuPreload, []);
  const placeholder = (
    <MenuButton
      label={t('status.more')}
      className="status-action"
      icon={socialIcon('more', 18)}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return placeholder;
  return (
    <Suspense fallback={placeholder}>
      <StatusMenu {...props} defaultOpen />
    </Suspense>
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
  const [askingBoost, setAskingBoost] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const own = identity.accountId === status.account.id;
  const quoteDenied = quoteRefusal(status);
  const boostable = status.visibility === 'public' || status.visibility === 'unlisted' || own;

  function run(action: ToggleAction) {
    if (!identity.signedIn) {
      navigate('/auth/sign_in');
      return;
    }
    const on = !isOn(status, action);
    if (action === 'reblog' && on && confirm.boost) setAskingBoost(true);
    else toggle.mutate({ status, action, on });
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
          // the reply code loads with the first reply (or with the keyboard shortcuts, once idle)
          else
            void import('./reply').then(({ startReply }) => {
              if (!startReply(status, identity.username)) navigate('/publish');
            });
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
        icon="quote"
        action="quote"
        label={quoteDenied ? t(quoteDenied) : t('status.quote')}
        disabled={quoteDenied !== null}
        onClick={() => {
          if (!identity.signedIn) navigate('/auth/sign_in');
          else
            void import('./reply').then(({ startQuote }) => {
              if (!startQuote(status)) navigate('/publish');
            });
        }}
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
        <StatusMenuSlot status={status} onReport={() => setReporting(true)} onError={setFailure} />
      )}
      {askingBoost && (
        <Suspense fallback={null}>
          <BoostConfirm
            onClose={() => setAskingBoost(false)}
            onConfirm={() => toggle.mutate({ status, action: 'reblog', on: true })}
          />
        </Suspense>
      )}
      {reporting && (
        <Suspense fallback={null}>
          <ReportModal account={status.account} status={status} onClose={() => setReporting(false)} />
        </Suspense>
      )}
    </div>
  );
}
