import { lazy, Suspense, useEffect, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { useSettings } from '../api/queries';
import { LayoutModeContext } from './layout-context';
import { MultiColumnLayout } from './layouts/MultiColumnLayout';
import { SingleColumnLayout } from './layouts/SingleColumnLayout';
import { decideLayout } from './rules/layout';
import { pathRedirect } from './rules/path-redirect';
import { useStartup } from './startup';
import { useDebouncedWindowWidth } from './use-window-width';

// keyboard shortcuts, hover cards, hashtag popup, player, upload overlay: a chunk of their own
const SocialLayer = lazy(() => import('../components/SocialLayer'));

/** Loads the social layer once the browser is idle, so it stays out of the first load. */
function IdleSocialLayer() {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback !== 'function') {
      const timer = window.setTimeout(() => setIdle(true), 200);
      return () => window.clearTimeout(timer);
    }
    const handle = window.requestIdleCallback(() => setIdle(true), { timeout: 1500 });
    return () => window.cancelIdleCallback(handle);
  }, []);
  return idle ? (
    <Suspense fallback={null}>
      <SocialLayer />
    </Suspense>
  ) : null;
}

/** The root route: start-up work, path redirects, and the layout chosen from the setting and the width. */
export function AppShell() {
  const settings = useSettings();
  const width = useDebouncedWindowWidth();
  const layout = decideLayout(settings.layout, width);
  const location = useLocation();
  useStartup();

  const redirect = pathRedirect(location.pathname, layout);
  if (redirect) return <Navigate replace to={`${redirect}${location.search}${location.hash}`} />;

  return (
    <LayoutModeContext.Provider value={layout}>
      {layout === 'multi-column' ? (
        <MultiColumnLayout />
      ) : (
        <SingleColumnLayout width={width} mobile={layout === 'mobile'} />
      )}
      <IdleSocialLayer />
    </LayoutModeContext.Provider>
  );
}
