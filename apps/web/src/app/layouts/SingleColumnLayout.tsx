import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavigationPanel } from '../../features/navigation/NavigationPanel';
import { useInitialState } from '../initial-state-context';
import { isComposePanelVisible } from '../rules/layout';
import { ComposePanel } from './ComposePanel';
import { Header } from './Header';
import { SignedInDock } from './SignedInDock';

/** Header, compose panel (hidden at ≤ 1174 px), the main column and the navigation panel. */
export function SingleColumnLayout({ width, mobile }: { width: number; mobile: boolean }) {
  const { identity } = useInitialState();
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  useEffect(() => setDrawerOpen(false), [pathname]);

  return (
    <div
      className={identity.signedIn ? 'ui ui--single ui--docked' : 'ui ui--single'}
      data-layout={mobile ? 'mobile' : 'single-column'}
    >
      <Header
        onToggleNavigation={mobile ? () => setDrawerOpen((open) => !open) : undefined}
        navigationOpen={drawerOpen}
      />
      <div className="columns-area columns-area--single">
        {isComposePanelVisible(width) && <ComposePanel />}
        <main className="main-column" id="main">
          <Outlet />
        </main>
        {(!mobile || drawerOpen) && (
          <div
            id="navigation-drawer"
            className={mobile ? 'navigation-column navigation-column--drawer' : 'navigation-column'}
          >
            <NavigationPanel />
          </div>
        )}
      </div>
      {identity.signedIn && <SignedInDock />}
    </div>
  );
}
