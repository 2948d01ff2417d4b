import { Suspense } from 'react';
import { lazyWithMessages } from '../../app/lazy-with-messages';
import { NavLink } from 'react-router';
import { useFollowRequests, useLists, useUnreadNotificationCount } from '../../api/queries';
import { useT } from '../../app/i18n/use-t';
import { useInitialState } from '../../app/initial-state-context';
import { navigationLists, navigationVisibility } from '../../app/rules/navigation';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { SignInBanner } from '../auth/SignInBanner';
import { signOut } from '../auth/sign-out';

// only for disabled and moved accounts
const AccountStateBanner = lazyWithMessages(() => import('../auth/AccountStateBanner'));

interface NavItemProps {
  to: string;
  icon: IconName;
  text: string;
  count?: number;
  end?: boolean;
  nested?: boolean;
}

function NavItem({ to, icon, text, count, end, nested }: NavItemProps) {
  return (
    <NavLink
      to={to}
      end={end}
      className={({ isActive }) =>
        ['nav-link', isActive ? 'nav-link--active' : '', nested ? 'nav-link--nested' : '']
          .filter(Boolean)
          .join(' ')
      }
    >
      <Icon name={icon} size={nested ? 18 : 22} />
      <span className="nav-link__text">{text}</span>
      {count !== undefined && count > 0 && (
        <span className="nav-link__badge" aria-label={String(count)}>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </NavLink>
  );
}

/** SPEC §2 "Navigation panel". */
export function NavigationPanel() {
  const t = useT();
  const { identity, server } = useInitialState();
  const followRequests = useFollowRequests();
  const lists = useLists();
  const unread = useUnreadNotificationCount();
  const visibility = navigationVisibility({
    signedIn: identity.signedIn,
    permissions: identity.permissions,
    followRequestCount: followRequests.data?.items.length ?? 0,
    explorePageEnabled: server.explorePageEnabled,
    publicTimelinesVisible: server.publicTimelinesVisible,
  });
  const discover =
    visibility.discover === 'explore' ? (
      <NavItem to="/explore" icon="explore" text={t('navigation.explore')} />
    ) : (
      <NavItem to="/search" icon="search" text={t('navigation.search')} />
    );

  return (
    <nav className="navigation-panel" aria-label={t('navigation.label')}>
      {identity.signedIn ? (
        <>
          <NavItem to="/home" icon="home" text={t('navigation.home')} end />
          <NavItem
            to="/notifications"
            icon="notifications"
            text={t('navigation.notifications')}
            count={unread.data?.count}
            end
          />
          {visibility.followRequests && (
            <NavItem
              to="/follow_requests"
              icon="personAdd"
              text={t('navigation.follow_requests')}
              count={followRequests.data?.items.length}
            />
          )}
          {discover}
          <NavItem to="/public/local" icon="public" text={t('navigation.live_feeds')} />
          <NavItem to="/conversations" icon="mention" text={t('navigation.direct')} />
          <NavItem to="/bookmarks" icon="bookmark" text={t('navigation.bookmarks')} />
          <NavItem to="/favourites" icon="star" text={t('navigation.favourites')} />
          <NavItem to="/lists" icon="list" text={t('navigation.lists')} end />
          {navigationLists(lists.data ?? []).map((list) => (
            <NavItem key={list.id} to={`/lists/${list.id}`} icon="list" text={list.title} nested />
          ))}
          <hr className="navigation-panel__divider" />
          <NavItem to="/settings/preferences" icon="tune" text={t('navigation.preferences')} />
          {visibility.moderation && (
            <NavItem to="/admin/reports" icon="shield" text={t('navigation.moderation')} />
          )}
          {visibility.administration && (
            <NavItem to="/admin/dashboard" icon="dashboard" text={t('navigation.administration')} />
          )}
          <NavItem to="/about" icon="info" text={t('navigation.about')} />
          <button type="button" className="nav-link" onClick={() => void signOut()}>
            <Icon name="logout" size={22} />
            <span className="nav-link__text">{t('navigation.log_out')}</span>
          </button>
        </>
      ) : (
        <>
          {discover}
          {visibility.liveFeeds && (
            <NavItem to="/public/local" icon="public" text={t('navigation.live_feeds')} />
          )}
          <NavItem to="/about" icon="info" text={t('navigation.about')} />
          <hr className="navigation-panel__divider" />
          {identity.disabledAccountId || identity.movedToAccountId ? (
            <Suspense fallback={null}>
              <AccountStateBanner />
            </Suspense>
          ) : (
            <SignInBanner />
          )}
        </>
      )}
      {identity.signedIn && identity.movedToAccountId && (
        <Suspense fallback={null}>
          <AccountStateBanner />
        </Suspense>
      )}
    </nav>
  );
}
