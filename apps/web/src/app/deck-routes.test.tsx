import { describe, expect, it } from 'vitest';
import { createAppRouter } from './App';

/** The route paths the router knows, below the app's shell. */
const knownPaths = (router: ReturnType<typeof createAppRouter>) =>
  router.routes.flatMap((route) => route.children ?? []).map((route) => route.path);

/** The deepest matched route's path, once the router has settled (a /deck path waits for its routes). */
async function matchedPath(router: ReturnType<typeof createAppRouter>) {
  await new Promise<void>((resolve) => {
    if (router.state.initialized) resolve();
    else router.subscribe((state) => state.initialized && resolve());
  });
  return router.state.matches.at(-1)?.route.path;
}

describe('the /deck routes', () => {
  it('are not made for a page outside the deck, and join the routes on the first visit to a /deck path', async () => {
    window.history.replaceState(null, '', '/home');
    const router = createAppRouter();
    expect(await matchedPath(router)).toBe('home');
    expect(knownPaths(router)).not.toContain('deck/home');
    await router.navigate('/deck/notifications');
    expect(router.state.matches.at(-1)?.route.path).toBe('deck/notifications');
    expect(knownPaths(router).filter((path) => path === 'deck/home')).toHaveLength(1);
    await router.navigate('/deck/@alice');
    expect(router.state.matches.at(-1)?.route.path).toBe('deck/:handle');
    expect(knownPaths(router).filter((path) => path === 'deck/home')).toHaveLength(1);
    router.dispose();
  });

  it('match a page that starts in the deck', async () => {
    window.history.replaceState(null, '', '/deck/public/local');
    const router = createAppRouter();
    expect(await matchedPath(router)).toBe('deck/public/local');
    router.dispose();
  });

  it('leave a path that only looks like a profile to the profile route', async () => {
    window.history.replaceState(null, '', '/deckhand');
    const router = createAppRouter();
    expect(await matchedPath(router)).toBe(':handle');
    expect(knownPaths(router)).not.toContain('deck/home');
    router.dispose();
  });
});
