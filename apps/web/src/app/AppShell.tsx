import type { LayoutSetting } from '@palchat/api';
import { Suspense, useDeferredValue } from 'react';
import { lazyWithMessages } from '../platform/lazy-with-messages';
import { Navigate, useLocation } from 'react-router';
import { useSettings } from '../api/queries';
import { useReduceMotionClass } from '../features/settings/use-reading-settings';
import { useThemeAttribute } from '../features/settings/use-theme';
import { LayoutModeContext } from '../platform/layout-context';
import { SingleColumnLayout } from './layouts/SingleColumnLayout';
import { preloadableLazy } from '../platform/preloadable-lazy';
import { decideLayout } from '../platform/rules/layout';
import { pathRedirect } from '../platform/rules/path-redirect';
import { useStartup } from './startup';
import { useAfterIdle } from '../platform/use-after-idle';
import { useNewEntryAtTop } from './use-new-entry-at-top';
import { useDebouncedWindowWidth } from './use-window-width';

// keyboard shortcuts, hover cards, hashtag popup, player, upload overlay: a chunk of their own
const SocialLayer = lazyWithMessages(() => import('../components/SocialLayer'));

// the deck (pinned columns, the compose drawer) is a chunk of its own: single-column pages do without it
const MultiColumnLayout = preloadableLazy(async () => ({
  default: (await import('./layouts/MultiColumnLayout')).MultiColumnLayout,
}));

/** Called at boot: a page that opens in the deck loads it alongside the catalogue and the first route. */
export function preloadLayout(setting: LayoutSetting): void {
  if (decideLayout(setting, window.innerWidth) === 'multi-column') void MultiColumnLayout.preload();
}

/** Loads the social layer once the browser is idle, so it stays out of the first load. */
function IdleSocialLayer() {
  const idle = useAfterIdle();
  return idle ? (
    <Suspense fallback={null}>
      <SocialLayer />
    </Suspense>
  ) : null;
}

/**
 * The start-up work (SPEC §7) in a component of its own: the queries it keeps (the instance, lists, follow
 * requests) re-render it alone when they answer, not the whole page below the shell.
 */
function Startup() {
  useStartup();
  return null;
}

/** The root route: start-up work, path redirects, and the layout chosen from the setting and the width. */
export function AppShell() {
  const settings = useSettings();
  const width = useDebouncedWindowWidth();
  const layout = decideLayout(settings.layout, width);
  // a switch to the deck keeps the current layout on screen until the deck's chunk has loaded
  const shownLayout = useDeferredValue(layout);
  const location = useLocation();
  useReduceMotionClass();
  useThemeAttribute();
  useNewEntryAtTop();

  const redirect = pathRedirect(location.pathname, layout);
  return (
    <>
      <Startup />
      {redirect ? (
        <Navigate replace to={`${redirect}${location.search}${location.hash}`} />
      ) : (
        <LayoutModeContext.Provider value={shownLayout}>
          {shownLayout === 'multi-column' ? (
            // nothing while the deck loads at start: the page's splash stays (KeepSplash in routes.tsx)
            <Suspense fallback={null}>
              <MultiColumnLayout />
            </Suspense>
          ) : (
            <SingleColumnLayout width={width} mobile={shownLayout === 'mobile'} />
          )}
          <IdleSocialLayer />
        </LayoutModeContext.Provider>
      )}
    </>
  );
}
