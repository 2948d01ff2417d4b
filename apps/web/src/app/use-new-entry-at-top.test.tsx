import { act, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useNewEntryAtTop } from './use-new-entry-at-top';

function Page() {
  useNewEntryAtTop();
  return null;
}

afterEach(() => vi.restoreAllMocks());

describe('useNewEntryAtTop', () => {
  it('scrolls the window to the top on a new history entry, not on Back', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const router = createMemoryRouter([{ path: '*', element: <Page /> }], { initialEntries: ['/home'] });
    render(<RouterProvider router={router} />);
    expect(scrollTo).not.toHaveBeenCalled();
    await act(() => router.navigate('/@alice/1'));
    expect(scrollTo).toHaveBeenCalledExactlyOnceWith({ top: 0, behavior: 'instant' });
    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/home');
    expect(scrollTo).toHaveBeenCalledTimes(1);
  });
});
