import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { requestMessageBox } from '../../../platform/message-box-request';
import { DockProvider } from '../state/dock-context';
import { DockPane } from './DockPane';
import english from '../../../locales/en.json';

function renderPane() {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DockProvider currentUserId="me">
          <DockPane />
        </DockProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
  return screen.getByTestId('message-box');
}

describe('DockPane: requests to open it from outside (the phone Messages tab)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('opens for a request made before it loaded, and again for each later one', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ unread_count: 0 }))),
    );
    requestMessageBox();
    const box = renderPane();
    expect(box.classList).toContain('mbox--expanded');

    fireEvent.click(screen.getByRole('button', { name: 'Minimise messages' }));
    expect(box.classList).toContain('mbox--collapsed');

    act(() => requestMessageBox());
    expect(box.classList).toContain('mbox--expanded');
  });

  it('a box mounted anew (a change of layout) does not open again for requests already answered', () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ unread_count: 0 }))),
    );
    act(() => requestMessageBox());
    expect(renderPane().classList).toContain('mbox--expanded');
    cleanup();
    expect(renderPane().classList).toContain('mbox--collapsed');
  });
});
