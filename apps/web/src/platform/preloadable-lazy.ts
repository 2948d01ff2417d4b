// eslint-disable-next-line no-restricted-imports -- for first-screen modules; others wrap their loader in withMessages
import { createElement, lazy, type ComponentType } from 'react';

/**
 * A lazily loaded component that can be loaded ahead of its first render. React.lazy suspends on its first
 * render even when the module has already arrived, and React then holds the revealed content back for its
 * Suspense throttle (300 ms); once `preload()` has resolved, this renders the module's component directly.
 * Until then it is a React.lazy component (suspending to the nearest boundary).
 */
export function preloadableLazy<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> & { preload: () => Promise<unknown> } {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<{ default: ComponentType<P> }> | null = null;
  const preload = () =>
    (pending ??= load().then((module) => {
      loaded = module.default;
      return module;
    }));
  const Lazy = lazy(preload);
  function PreloadableLazy(props: P) {
    return createElement(loaded ?? (Lazy as ComponentType<P>), props);
  }
  return Object.assign(PreloadableLazy, { preload });
}
