import { userSettingsSchema, type InitialState, type UserSettings } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { InitialStateContext } from '../../platform/initial-state-context';
import { useDeckColumns } from './use-deck-columns';

const state = {
  identity: { signedIn: true, accountId: '1', username: 'ann', permissions: 0 },
  settings: userSettingsSchema.parse({}),
} as unknown as InitialState;

function wrapper({ children }: { children: ReactNode }) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return (
    <QueryClientProvider client={client}>
      <InitialStateContext.Provider value={state}>{children}</InitialStateContext.Provider>
    </QueryClientProvider>
  );
}

/** The server: answers each PUT after `release()`, with the merged settings or with a refusal. */
function fakeServer(answer: (body: Partial<UserSettings>) => Response) {
  const pending: (() => void)[] = [];
  const fetch = vi.fn((_url: string, init: RequestInit) => {
    const body = (init.body ? JSON.parse(String(init.body)) : {}) as Partial<UserSettings>;
    return new Promise<Response>((resolve) => pending.push(() => resolve(answer(body))));
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, release: () => pending.splice(0).forEach((resolve) => resolve()) };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

afterEach(() => vi.unstubAllGlobals());

describe('useDeckColumns', () => {
  it('shows a pinned column at once and keeps it once saved', async () => {
    const server = fakeServer((body) => json(200, { ...state.settings, ...body }));
    const { result } = renderHook(() => useDeckColumns(), { wrapper });
    act(() => result.current.add({ id: 'hashtag', params: { id: 'cats' } }));
    // before the server answers
    await waitFor(() => expect(result.current.columns.map((column) => column.id).at(-1)).toBe('hashtag'));
    expect(server.fetch).toHaveBeenCalledWith(
      '/api/web/settings',
      expect.objectContaining({ method: 'PUT' }),
    );
    await act(async () => server.release());
    await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    expect(result.current.columns.map((column) => column.id)).toEqual([
      'compose',
      'home',
      'notifications',
      'hashtag',
    ]);
  });

  it('undoes a refused change and tells why', async () => {
    const server = fakeServer(() => json(422, { error: 'Validation failed: columns' }));
    const { result } = renderHook(() => useDeckColumns(), { wrapper });
    act(() => result.current.move('default-home', -1));
    await waitFor(() => expect(result.current.columns[0]?.id).toBe('home'));
    await act(async () => server.release());
    await waitFor(() => expect(result.current.save.isError).toBe(true));
    expect(result.current.save.error?.message).toBe('Validation failed: columns');
    expect(result.current.columns.map((column) => column.id)).toEqual(['compose', 'home', 'notifications']);
  });

  it('keeps the last column', async () => {
    const server = fakeServer((body) => json(200, { ...state.settings, ...body }));
    const { result } = renderHook(() => useDeckColumns(), { wrapper });
    for (const uuid of ['default-home', 'default-notifications']) {
      act(() => result.current.remove(uuid));
      await waitFor(() => expect(result.current.columns.some((column) => column.uuid === uuid)).toBe(false));
      await act(async () => server.release());
      await waitFor(() => expect(result.current.save.isSuccess).toBe(true));
    }
    act(() => result.current.remove('default-compose'));
    expect(result.current.columns.map((column) => column.id)).toEqual(['compose']);
    expect(server.fetch).toHaveBeenCalledTimes(2);
  });
});
