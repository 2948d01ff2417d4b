import { Suspense, type MouseEvent } from 'react';
import { lazyWithMessages } from '../../platform/lazy-with-messages';
import { Icon } from '../../components/Icon';
import type { IconName } from '../../components/icons';
import { LoadingIndicator } from '../../components/States';
import { Logo } from '../../components/Logo';
import { SignInBanner } from '../../features/auth/SignInBanner';
import { signOut } from '../../features/auth/sign-out';
import { useT } from '../../platform/i18n/use-t';
import { useInitialState } from '../../platform/initial-state-context';
import { useRouteLinkClick } from '../../platform/route-links';
import { usePinnedColumn } from '../../platform/pinned-column-context';

const ComposeForm = lazyWithMessages(() => import('../../features/compose/ComposeForm'));
const ServerBanner = lazyWithMessages(() => import('../../features/about/ServerBanner'));
const AccountStateBanner = lazyWithMessages(() => import('../../features/auth/AccountStateBanner'));
const ColumnControls = lazyWithMessages(() => import('../../features/settings/ColumnControls'));

/** A tab of the drawer's header: a plain anchor, followed by the drawer's one click handler. */
function DrawerLink({
  to,
  icon,
  label,
  onFollow,
}: {
  to: string;
  icon: IconName;
  label: string;
  onFollow: (event: MouseEvent<HTMLElement>) => void;
}) {
  return (
    <a href={to} className="drawer__tab" aria-label={label} title={label} onClick={onFollow}>
      <Icon name={icon} size={20} />
    </a>
  );
}

/** The multi-column "compose" column: quick links, then the compose form or the server banner. */
export function Drawer() {
  const t = useT();
  const { identity, server } = useInitialState();
  const pinned = usePinnedColumn() !== null;
  const followLink = useRouteLinkClick();
  return (
    <section className="column column--drawer drawer" aria-label={t('drawer.label')} data-testid="drawer">
      <nav className="drawer__header" aria-label={t('drawer.quick_links')}>
        <DrawerLink
          onFollow={followLink}
          to="/deck/getting-started"
          icon="menu"
          label={t('navigation.getting_started')}
        />
        {identity.signedIn && (
          <DrawerLink
            onFollow={followLink}
            to="/deck/notifications"
            icon="notifications"
            label={t('navigation.notifications')}
          />
        )}
        <DrawerLink
          onFollow={followLink}
          to="/deck/public/local"
          icon="people"
          label={t('column.community')}
        />
        <DrawerLink onFollow={followLink} to="/deck/public" icon="public" label={t('column.public')} />
        {identity.signedIn && (
          <DrawerLink
            onFollow={followLink}
            to="/deck/settings/preferences"
            icon="tune"
            label={t('navigation.preferences')}
          />
        )}
        {identity.signedIn && (
          <button
            type="button"
            className="drawer__tab"
            aria-label={t('navigation.log_out')}
            title={t('navigation.log_out')}
            onClick={() => void signOut(identity.accountId)}
          >
            <Icon name="logout" size={20} />
          </button>
        )}
        {/* move or remove the compose column (signed in only) */}
        {pinned && (
          <Suspense fallback={null}>
            <ColumnControls />
          </Suspense>
        )}
      </nav>
      <div className="drawer__body">
        <a href="/deck/search" className="drawer__search" onClick={followLink}>
          <Icon name="search" size={18} />
          <span>{t('search.placeholder')}</span>
        </a>
        <Suspense fallback={<LoadingIndicator inline />}>
          {identity.signedIn ? (
            <ComposeForm />
          ) : (
            <>
              <ServerBanner />
              {identity.disabledAccountId ? <AccountStateBanner /> : <SignInBanner />}
            </>
          )}
        </Suspense>
        <div className="drawer__footer">
          <Logo size={28} />
          <span>{server.title}</span>
        </div>
      </div>
    </section>
  );
}
