import { Suspense, type MouseEvent } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { useLocation } from 'react-router';
import { useFollowRequests, useLists, useUnreadNotificationCount } from '../../api/queries';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { navigationLists, navigationVisibility } from '../../platform/rules/navigation';
import { pagePath } from '../../platform/rules/path-redirect';
import { isCurrentPath, useRouteLinkClick } from '../../platform/route-links';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { SignInBanner, signOut } from '../auth';

// only for disabled and moved accounts
const AccountStateBanner = lazyWithMessages(() => import('../auth/AccountStateBanner'));

interface NavItemProps {
  to: string;
  icon: IconName;
  text: string;
  count?: number;
  end?: boolean;
  nested?: boolean;
  /** the path shown */
  here: string;
  /** the panel's one click handler (useRouteLinkClick) */
  onFollow: (event: MouseEvent<HTMLElement>) => void;
}

/**
 * The panel's links: plain anchors sharing the panel's one click handler, marked current as NavLink would. The
 * handler is on each link, not on the panel: the signed-out panel also holds the sign-up and SSO links, which
 * leave the app.
 */
function NavItem({ to, icon, text, count, end, nested, here, onFollow }: NavItemProps) {
  const current = isCurrentPath(here, to, end);
  return (
    <a
      href={to}
      onClick={onFollow}
      aria-current={current ? 'page' : undefined}
      className={['nav-link', current ? 'nav-link--active' : '', nested ? 'nav-link--nested' : '']
        .filter(Boolean)
        .join(' ')}
    >
      <Icon name={icon} size={nested ? 18 : 22} />
      <span className="nav-link__text">{text}</span>
      {count !== undefined && count > 0 && (
        <span className="nav-link__badge" aria-label={String(count)}>
          {count > 99 ? '99+' : count}
        </span>
      )}
    </a>
  );
}

/** SPEC §2 "Navigation panel". */
export function NavigationPanel() {
  const t = useT();
  const here = pagePath(useLocation().pathname);
  const followLink = useRouteLinkClick();
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
      <NavItem
        here={here}
        onFollow={followLink}
        to="/explore"
        icon="explore"
        text={t('navigation.explore')}
      />
    ) : (
      <NavItem here={here} onFollow={followLink} to="/search" icon="search" text={t('navigation.search')} />
    );

  return (
    <nav className="navigation-panel" aria-label={t('navigation.label')}>
      {identity.signedIn ? (
        <>
          <NavItem here={here} onFollow={followLink} to="/home" icon="home" text={t('navigation.home')} end />
          <NavItem
            here={here}
            onFollow={followLink}
            to="/notifications"
            icon="notifications"
            text={t('navigation.notifications')}
            count={unread.data?.count}
            end
          />
          {visibility.followRequests && (
            <NavItem
              here={here}
              onFollow={followLink}
              to="/follow_requests"
              icon="personAdd"
              text={t('navigation.follow_requests')}
              count={followRequests.data?.items.length}
            />
          )}
          {discover}
          <NavItem
            here={here}
            onFollow={followLink}
            to="/public/local"
            icon="public"
            text={t('navigation.live_feeds')}
          />
          <NavItem
            here={here}
            onFollow={followLink}
            to="/conversations"
            icon="mention"
            text={t('navigation.direct')}
          />
          <NavItem
            here={here}
            onFollow={followLink}
            to="/bookmarks"
            icon="bookmark"
            text={t('navigation.bookmarks')}
          />
          <NavItem
            here={here}
            onFollow={followLink}
            to="/favourites"
            icon="star"
            text={t('navigation.favourites')}
          />
          <NavItem
            here={here}
            onFollow={followLink}
            to="/lists"
            icon="list"
            text={t('navigation.lists')}
            end
          />
          {navigationLists(lists.data ?? []).map((list) => (
            <NavItem
              here={here}
              onFollow={followLink}
              key={list.id}
              to={`/lists/${list.id}`}
              icon="list"
              text={list.title}
              nested
            />
          ))}
          <hr className="navigation-panel__divider" />
          <NavItem
            here={here}
            onFollow={followLink}
            to="/settings/preferences"
            icon="tune"
            text={t('navigation.preferences')}
          />
          {visibility.moderation && (
            <NavItem
              here={here}
              onFollow={followLink}
              to="/admin/reports"
              icon="shield"
              text={t('navigation.moderation')}
            />
          )}
          {visibility.administration && (
            <NavItem
              here={here}
              onFollow={followLink}
              to="/admin/dashboard"
              icon="dashboard"
              text={t('navigation.administration')}
            />
          )}
          <NavItem here={here} onFollow={followLink} to="/about" icon="info" text={t('navigation.about')} />
          <button type="button" className="nav-link" onClick={() => void signOut(identity.accountId)}>
            <Icon name="logout" size={22} />
            <span className="nav-link__text">{t('navigation.log_out')}</span>
          </button>
        </>
      ) : (
        <>
          {discover}
          {visibility.liveFeeds && (
            <NavItem
              here={here}
              onFollow={followLink}
              to="/public/local"
              icon="public"
              text={t('navigation.live_feeds')}
            />
          )}
          <NavItem here={here} onFollow={followLink} to="/about" icon="info" text={t('navigation.about')} />
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
