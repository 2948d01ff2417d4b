import { useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { NavigationPanel } from '../../features/navigation/NavigationPanel';
import { useInitialState } from '../../platform/initial-state-context';
import { isComposePanelVisible } from '../../platform/rules/layout';
import { ComposePanel } from './ComposePanel';
import { Header } from './Header';
import { SignedInDock } from './SignedInDock';
import { TabBar } from './TabBar';

/** The phone's navigation drawer: open until a page is chosen, Escape or a tap beside it. */
function useDrawer(): [boolean, (open: boolean) => void] {
  const { pathname } = useLocation();
  const [open, setOpen] = useState(false);
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape' && !event.defaultPrevented) setOpen(false);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [open]);
  return [open, setOpen];
}

/**
 * Header, compose panel (hidden at ≤ 1174 px), the main column and the navigation panel. On phones (the mobile
 * layout) a bottom tab bar, and the navigation panel in a drawer its Menu tab opens.
 */
export function SingleColumnLayout({ width, mobile }: { width: number; mobile: boolean }) {
  const { identity } = useInitialState();
  const [drawerOpen, setDrawerOpen] = useDrawer();

  return (
    <div
      className={identity.signedIn ? 'ui ui--single ui--docked' : 'ui ui--single'}
      data-layout={mobile ? 'mobile' : 'single-column'}
    >
      <Header phone={mobile} />
      <div className="columns-area columns-area--single">
        {isComposePanelVisible(width) && <ComposePanel />}
        <main className="main-column" id="main">
          <Outlet />
        </main>
        {!mobile && (
          <div className="navigation-column">
            <NavigationPanel />
          </div>
        )}
      </div>
      {mobile && drawerOpen && (
        <>
          {/* a tap beside the drawer closes it (keyboards have Escape and the Menu tab) */}
          <div className="navigation-backdrop" aria-hidden="true" onClick={() => setDrawerOpen(false)} />
          <div id="navigation-drawer" className="navigation-column navigation-column--drawer">
            <NavigationPanel />
          </div>
        </>
      )}
      {mobile && (
        <TabBar
          menuOpen={drawerOpen}
          onToggleMenu={() => setDrawerOpen(!drawerOpen)}
          onOpenMessages={() => setDrawerOpen(false)}
        />
      )}
      {identity.signedIn && <SignedInDock />}
    </div>
  );
}
