import type { CredentialAccount, InitialState } from '@palchat/api';
import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi, type Mock } from 'vitest';
import { createQueryClient } from './query-client';
import { InitialStateContext } from '../platform/initial-state-context';
import { ApiError, retryAfterMsOf } from './client';
import type { Instance } from './instance';
import { queryKeys, seedQueryCache, useCurrentAccount, useUnreadNotificationCount } from './queries';

const account = { id: '7', acct: 'ann', display_name: 'Ann' } as CredentialAccount;
const page = {
  identity: { signedIn: true, accountId: '7', username: 'ann' },
  settings: { layout: 'single-column' },
  account,
  instance: { domain: 'example.test', title: 'Example' } as Instance,
} as unknown as InitialState;

const json = (body: unknown, init: ResponseInit = {}) =>
  new Response(JSON.stringify(body), {
    ...init,
    headers: { 'Content-Type': 'application/json', ...init.headers },
  });
const tooManyRequests = (retryAfterSeconds: number) =>
  json(
    { error: 'Too many requests' },
    { status: 429, headers: { 'Retry-After': String(retryAfterSeconds) } },
  );

function Header() {
  const me = useCurrentAccount().data;
  const unread = useUnreadNotificationCount().data?.count;
  return (
    <p>
      {me?.display_name ?? 'no name'}, {unread ?? 'no badge'}
    </p>
  );
}

/** The header as the app renders it: the query client made and seeded from the page as at boot. */
function renderHeader(state: InitialState) {
  const client = seedQueryCache(createQueryClient(), state);
  render(
    <InitialStateContext.Provider value={page}>
      <QueryClientProvider client={client}>
        <Header />
      </QueryClientProvider>
    </InitialStateContext.Provider>,
  );
  return client;
}

type FetchMock = Mock<(url: string) => Promise<Response>>;

const urls = (fetch: FetchMock) => fetch.mock.calls.map(([url]) => String(url));

describe('rate-limited answers (issue #30)', () => {
  let fetch: FetchMock;
  beforeEach(() => {
    vi.useFakeTimers();
    fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.useRealTimers();
  });

  it('reads Retry-After in seconds or as a date', () => {
    expect(retryAfterMsOf('30')).toBe(30_000);
    expect(retryAfterMsOf('Sun, 29 Nov 2026 10:05:00 GMT', Date.parse('2026-11-29T10:04:00Z'))).toBe(60_000);
    expect(retryAfterMsOf(null)).toBeNull();
    expect(retryAfterMsOf('soon')).toBeNull();
  });

  it('keeps what is on screen through a 429, and asks again only once Retry-After has passed', async () => {
    // each URL's answers in turn
    const answers: Record<string, (() => Response)[]> = {
      '/api/v1/notifications/unread_count': [
        () => json({ count: 3 }),
        () => tooManyRequests(30),
        () => json({ count: 4 }),
      ],
      '/api/v1/accounts/7': [() => tooManyRequests(30), () => json({ ...account, display_name: 'Ann B.' })],
    };
    fetch.mockImplementation((url: string) => Promise.resolve(answers[url]?.shift()?.() ?? json(null)));
    const client = renderHeader(page);
    await act(() => vi.advanceTimersByTimeAsync(0));
    // the account came with the page: only the badge was asked for
    expect(urls(fetch)).toEqual(['/api/v1/notifications/unread_count']);
    expect(screen.getByText('Ann, 3')).toBeTruthy();

    // a refresh the server refuses for its rate limit
    await act(async () => {
      void client.refetchQueries({ queryKey: queryKeys.unreadNotifications });
      void client.refetchQueries({ queryKey: queryKeys.currentAccount });
      await vi.advanceTimersByTimeAsync(0);
    });
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Ann, 3')).toBeTruthy();
    expect(client.getQueryState(queryKeys.currentAccount)?.fetchFailureReason).toBeInstanceOf(ApiError);

    // not a request before Retry-After has passed
    await act(() => vi.advanceTimersByTimeAsync(29_900));
    expect(fetch).toHaveBeenCalledTimes(3);
    expect(screen.getByText('Ann, 3')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(200));
    expect(fetch).toHaveBeenCalledTimes(5);
    expect(screen.getByText('Ann B., 4')).toBeTruthy();
    expect(client.getQueryState(queryKeys.currentAccount)?.status).toBe('success');
  });

  it('gives up on other client errors at once, as before', async () => {
    fetch.mockResolvedValue(json({ error: 'Not found' }, { status: 404 }));
    renderHeader({ ...page, account: null });
    await act(() => vi.advanceTimersByTimeAsync(60_000));
    expect(urls(fetch).sort()).toEqual(['/api/v1/accounts/7', '/api/v1/notifications/unread_count']);
    expect(screen.getByText('no name, no badge')).toBeTruthy();
  });
});
