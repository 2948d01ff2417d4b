import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { IntlProvider } from 'react-intl';
import { VirtuosoMockContext } from 'react-virtuoso';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { makeConversation } from '../rules/fixtures.test-helpers';
import { DockProvider } from '../state/dock-context';
import { ConversationList } from './ConversationList';
import english from '../../../locales/en.json';

const LIST = '/api/v1/friend_messages/conversations';
const NEXT = `http://localhost${LIST}?max_id=000000000000000100`;

/** `count` conversations, newest first, from the `from`th */
function page(from: number, count: number) {
  return Array.from({ length: count }, (_, i) => {
    const n = from + i;
    const minute = String(59 - n).padStart(2, '0');
    return makeConversation({
      id: `c${n}`,
      partner: {
        id: `u${n}`,
        username: `pal${n}`,
        display_name: `Pal ${n}`,
        avatar: '',
        acct: `pal${n}`,
        verified: false,
        is_online: false,
      },
      updated_at: `2026-01-01T10:${minute}:00.000Z`,
    });
  });
}

function renderList(viewportHeight: number) {
  render(
    <IntlProvider locale="en" messages={english} onError={() => undefined}>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <DockProvider currentUserId="me">
          <VirtuosoMockContext.Provider value={{ viewportHeight, itemHeight: 50 }}>
            <ConversationList />
          </VirtuosoMockContext.Provider>
        </DockProvider>
      </QueryClientProvider>
    </IntlProvider>,
  );
}

/** The server: a first page of 20 whose Link names a second, last page of 5. */
function stubPages() {
  const fetchMock = vi.fn((input: RequestInfo | URL) => {
    const second = String(input).includes('max_id=');
    const headers: Record<string, string> = second ? {} : { Link: `<${NEXT}>; rel="next"` };
    const body = second ? page(20, 5) : page(0, 20);
    return Promise.resolve(new Response(JSON.stringify(body), { status: 200, headers }));
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

afterEach(() => vi.unstubAllGlobals());

describe('the conversation list', () => {
  it('asks for the first page only while its end is out of view', async () => {
    const fetchMock = stubPages();

    // a viewport of 5 rows: the end of the first page is not reached
    renderList(250);
    await screen.findByText('Pal 0');
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(String(fetchMock.mock.calls[0]?.[0])).toContain(LIST);
    expect(screen.queryByText('Pal 20')).toBeNull();
  });

  it('shows the second page after the first when the list is scrolled to its end', async () => {
    const fetchMock = stubPages();

    // a viewport that shows every row: its end is reached at once
    renderList(5_000);
    await screen.findByText('Pal 24');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual([expect.stringContaining(LIST), NEXT]);
    // the last page has no next link: nothing more is asked for
    await waitFor(() => expect(screen.getAllByText(/^Pal \d+$/)).toHaveLength(25));
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
