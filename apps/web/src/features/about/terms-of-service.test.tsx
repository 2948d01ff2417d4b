import type { TermsOfService } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import english from '../../locales/en.json';
import { TermsOfServiceDocument, TermsOfServiceView } from './TermsOfServiceView';

const terms = (changes: Partial<TermsOfService> = {}): TermsOfService => ({
  effective_date: '2025-03-01',
  effective: true,
  content: '<p>Be <strong>kind</strong>.</p><script>steal()</script>',
  succeeded_by: null,
  ...changes,
});

function renderDocument(value: TermsOfService) {
  return render(
    <IntlProvider locale="en" messages={english}>
      <MemoryRouter>
        <TermsOfServiceDocument terms={value} />
      </MemoryRouter>
    </IntlProvider>,
  );
}

describe('terms of service', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('says since when a version is in force, and shows its sanitized text', () => {
    const view = renderDocument(terms());
    expect(view.container.querySelector('.muted')?.textContent).toBe('Effective as of March 1, 2025');
    expect(view.container.querySelector('time')?.getAttribute('datetime')).toBe('2025-03-01');
    expect(view.container.querySelector('.prose')?.innerHTML).toBe('<p>Be <strong>kind</strong>.</p>');
    expect(screen.queryByRole('note')).toBeNull();
    expect(screen.queryByRole('link')).toBeNull();
  });

  it('announces a version not in force yet as a notice', () => {
    renderDocument(terms({ effective_date: '2999-06-01', effective: false }));
    expect(screen.getByRole('note').textContent).toBe('These terms take effect on June 1, 2999');
  });

  it('links to the version that replaces it, upcoming or already in force', () => {
    const upcoming = renderDocument(terms({ succeeded_by: '2999-01-31' }));
    const link = screen.getByRole('link');
    expect(link.textContent).toBe('A newer version takes effect on January 31, 2999');
    expect(link.getAttribute('href')).toBe('/terms-of-service/2999-01-31');
    upcoming.unmount();

    renderDocument(terms({ effective_date: '2020-01-01', succeeded_by: '2025-03-01' }));
    expect(screen.getByRole('link').textContent).toBe('A newer version took effect on March 1, 2025');
  });

  it('tells when the server has no terms, or no version on the date asked for', async () => {
    const fetchMock = vi.fn(
      async () => new Response(JSON.stringify({ error: 'Record not found' }), { status: 404 }),
    );
    vi.stubGlobal('fetch', fetchMock);
    const renderAt = (path: string) =>
      render(
        <IntlProvider locale="en" messages={english}>
          <QueryClientProvider client={new QueryClient()}>
            <MemoryRouter initialEntries={[path]}>
              <Routes>
                <Route path="/terms-of-service/:date?" element={<TermsOfServiceView />} />
              </Routes>
            </MemoryRouter>
          </QueryClientProvider>
        </IntlProvider>,
      );

    const current = renderAt('/terms-of-service');
    expect((await screen.findByRole('status')).textContent).toBe(
      'This server has not published terms of service.',
    );
    expect(String(fetchMock.mock.calls.at(-1)?.at(0))).toMatch(/\/api\/v1\/instance\/terms_of_service$/);
    current.unmount();

    renderAt('/terms-of-service/2024-05-01');
    expect((await screen.findByRole('status')).textContent).toBe(
      'No version of the terms of service takes effect on May 1, 2024. Read the current terms.',
    );
    expect(screen.getByRole('link', { name: 'Read the current terms.' }).getAttribute('href')).toBe(
      '/terms-of-service',
    );
    expect(String(fetchMock.mock.calls.at(-1)?.at(0))).toMatch(/terms_of_service\/2024-05-01$/);
  });
});
