import type { Status } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '../../api/client';
import { useToggleStatus } from './use-status-actions';

const status = {
  id: '1',
  content: '<p>1</p>',
  visibility: 'public',
  account: { id: 'a' },
  reblog: null,
  favourited: false,
  favourites_count: 2,
  reblogs_count: 0,
} as unknown as Status;

function toggleWith(client: QueryClient) {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  return renderHook(() => useToggleStatus(), { wrapper }).result.current;
}

const cached = (client: QueryClient) =>
  client.getQueryData<{ pages: { items: Status[] }[] }>(['timeline', 'home'])?.pages[0]?.items[0];

afterEach(() => vi.restoreAllMocks());

describe('useToggleStatus', () => {
  it('favourites in the cache at once, then keeps what the server answers', async () => {
    const client = new QueryClient();
    client.setQueryData(['timeline', 'home'], { pages: [{ items: [status] }] });
    let answer: (value: Status) => void = () => undefined;
    const post = vi
      .spyOn(api, 'post')
      .mockReturnValue(new Promise((resolve) => (answer = resolve as (value: Status) => void)));
    toggleWith(client).mutate({ status, action: 'favourite', on: true });
    await waitFor(() => expect(cached(client)).toMatchObject({ favourited: true, favourites_count: 3 }));
    expect(post).toHaveBeenCalledWith('/api/v1/statuses/1/favourite');
    answer({ ...status, favourited: true, favourites_count: 7 });
    await waitFor(() => expect(cached(client)?.favourites_count).toBe(7));
  });

  it('puts the status back as it was when the server refuses', async () => {
    const client = new QueryClient();
    client.setQueryData(['timeline', 'home'], { pages: [{ items: [status] }] });
    vi.spyOn(api, 'post').mockRejectedValue(new Error('refused'));
    toggleWith(client).mutate({ status, action: 'favourite', on: true });
    await waitFor(() => expect(client.getMutationCache().getAll()[0]?.state.status).toBe('error'));
    expect(cached(client)).toMatchObject({ favourited: false, favourites_count: 2 });
  });
});
