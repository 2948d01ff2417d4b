import { useQuery } from '@tanstack/react-query';
import type { MouseEvent } from 'react';
import { useLocation } from 'react-router';
import { useUnreadNotificationCount } from '../../api/queries';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { messageKeys } from '../../features/messages/query-keys';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { requestMessageBox } from '../../platform/message-box-request';
import { isCurrentPath, useRouteLinkClick } from '../../platform/route-links';
import { pagePath } from '../../platform/rules/path-redirect';
import { navigationVisibility } from '../../platform/rules/navigation';
import { badgeText } from '../../features/messages/rules/unread';

interface TabProps {
  icon: IconName;
  label: string;
  count?: number;
}

function TabContent({ icon, count = 0 }: TabProps) {
  const badge = badgeText(count);
  return (
    <>
      <Icon name={icon} size={24} />
      {badge && (
        <span className="tab-bar__badge" aria-hidden="true">
          {badge}
        </span>
      )}
    </>
  );
}

/** A tab's accessible name: its label, with the unread count when there is one. */
function useTabName(): (tab: TabProps) => string {
  const t = useT();
  return ({ label, count = 0 }) => (count > 0 ? t('navigation.tab_unread', { label, count }) : label);
}

function TabLink({
  to,
  here,
  onFollow,
  ...tab
}: TabProps & { to: string; here: string; onFollow: (event: MouseEvent<HTMLElement>) => void }) {
  const current = isCurrentPath(here, to, true);
  const name = useTabName();
  return (
    <a
      href={to}
      className="tab-bar__tab"
      aria-current={current ? 'page' : undefined}
      aria-label={name(tab)}
      title={tab.label}
      onClick={onFollow}
    >
      <TabContent {...tab} />
    </a>
  );
}

function TabButton({
  onClick,
  expanded,
  controls,
  ...tab
}: TabProps & { onClick: () => void; expanded?: boolean; controls?: string }) {
  const name = useTabName();
  return (
    <button
      type="button"
      className="tab-bar__tab"
      aria-label={name(tab)}
      title={tab.label}
      aria-expanded={expanded}
      aria-controls={controls}
      onClick={onClick}
    >
      <TabContent {...tab} />
    </button>
  );
}

/** The message box's unread total, as the box last fetched it (the box loads after the page; this never fetches). */
function useMessagesUnread(): number {
  const { data } = useQuery<{ unread_count: number }>({ queryKey: messageKeys.unread(), enabled: false });
  return data?.unread_count ?? 0;
}

interface TabBarProps {
  menuOpen: boolean;
  onToggleMenu: () => void;
  /** called before the Messages tab opens the box (the drawer closes: the box fills the screen) */
  onOpenMessages: () => void;
}

/**
 * The phone's bottom tab bar (the mobile layout, ≤ 630 px): Home, Search, Notifications, Messages and Menu signed
 * in, as Mastodon's; signed out the public pages and Menu. Everything else is in the Menu's drawer.
 */
export function TabBar({ menuOpen, onToggleMenu, onOpenMessages }: TabBarProps) {
  const t = useT();
  const { identity, server } = useInitialState();
  const here = pagePath(useLocation().pathname);
  const followLink = useRouteLinkClick();
  const notifications = useUnreadNotificationCount().data?.count;
  const messages = useMessagesUnread();
  const visibility = navigationVisibility({
    signedIn: identity.signedIn,
    permissions: identity.permissions,
    followRequestCount: 0,
    explorePageEnabled: server.explorePageEnabled,
    publicTimelinesVisible: server.publicTimelinesVisible,
  });
  const link = { here, onFollow: followLink };
  const menu = (
    <TabButton
      icon={menuOpen ? 'close' : 'menu'}
      label={t('header.menu')}
      expanded={menuOpen}
      controls="navigation-drawer"
      onClick={onToggleMenu}
    />
  );

  return (
    <nav className="tab-bar" aria-label={t('navigation.tab_bar')}>
      {identity.signedIn ? (
        <>
          <TabLink {...link} to="/home" icon="home" label={t('navigation.home')} />
          <TabLink {...link} to="/search" icon="search" label={t('navigation.search')} />
          <TabLink
            {...link}
            to="/notifications"
            icon="notifications"
            label={t('navigation.notifications')}
            count={notifications}
          />
          <TabButton
            icon="chatBubble"
            label={t('navigation.messages')}
            count={messages}
            onClick={() => {
              onOpenMessages();
              requestMessageBox();
            }}
          />
        </>
      ) : (
        <>
          {visibility.discover === 'explore' ? (
            <TabLink {...link} to="/explore" icon="explore" label={t('navigation.explore')} />
          ) : (
            <TabLink {...link} to="/search" icon="search" label={t('navigation.search')} />
          )}
          {visibility.liveFeeds && (
            <TabLink {...link} to="/public/local" icon="public" label={t('navigation.live_feeds')} />
          )}
          <TabLink {...link} to="/about" icon="info" label={t('navigation.about')} />
        </>
      )}
      {menu}
    </nav>
  );
}
