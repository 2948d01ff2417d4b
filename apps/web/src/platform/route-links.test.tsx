import { act, fireEvent, render, screen } from '@testing-library/react';
import { createBrowserRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { isCurrentPath, useRouteLinkClick } from './route-links';

function Links() {
  const followLink = useRouteLinkClick();
  return (
    <nav onClick={followLink}>
      <a href="/mutes">
        <span>Muted users</span>
      </a>
      <a href="/blocks" target="_blank">
        Blocked users
      </a>
      <a href="https://elsewhere.example/about">Elsewhere</a>
      <a href="/home">Home</a>
    </nav>
  );
}

function renderAt(path: string) {
  window.history.pushState(null, '', '/start');
  window.history.pushState(null, '', path);
  const router = createBrowserRouter([{ path: '*', element: <Links /> }]);
  render(<RouterProvider router={router} />);
  return router;
}

describe('useRouteLinkClick', () => {
  it('takes a left click on a link inside (or on what the link holds) to the router', async () => {
    const router = renderAt('/home');
    await act(async () => {
      fireEvent.click(screen.getByText('Muted users'));
    });
    expect(router.state.location.pathname).toBe('/mutes');
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('replaces the history entry for a link to the page shown, as Link does', async () => {
    const router = renderAt('/home');
    await act(async () => {
      fireEvent.click(screen.getByText('Home'));
    });
    expect(router.state.historyAction).toBe('REPLACE');
    await act(async () => {
      window.history.back();
      await new Promise((resolve) => window.addEventListener('popstate', resolve, { once: true }));
    });
    expect(router.state.location.pathname).toBe('/start');
  });

  it('leaves modified clicks, other targets and other sites to the browser', async () => {
    const router = renderAt('/home');
    const clicks = [
      fireEvent.click(screen.getByText('Muted users'), { ctrlKey: true }),
      fireEvent.click(screen.getByText('Muted users'), { button: 1 }),
      fireEvent.click(screen.getByText('Blocked users')),
      fireEvent.click(screen.getByText('Elsewhere')),
    ];
    // not prevented: the browser opens them
    expect(clicks).toEqual([true, true, true, true]);
    expect(router.state.location.pathname).toBe('/home');
  });
});

describe('isCurrentPath', () => {
  it('matches the path and, unless `end`, the pages below it, case-insensitively', () => {
    expect(isCurrentPath('/lists', '/lists', true)).toBe(true);
    expect(isCurrentPath('/lists/3', '/lists', true)).toBe(false);
    expect(isCurrentPath('/lists/3', '/lists')).toBe(true);
    expect(isCurrentPath('/Lists/3', '/lists')).toBe(true);
    expect(isCurrentPath('/listsandmore', '/lists')).toBe(false);
    expect(isCurrentPath('/deck/getting-started', '/home', true)).toBe(false);
    expect(isCurrentPath('/settings/preferences/', '/settings/preferences/')).toBe(true);
  });
});
