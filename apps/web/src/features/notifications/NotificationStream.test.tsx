import type { InitialState } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { queryKeys } from '../../api/queries';
import { InitialStateContext } from '../../platform/initial-state-context';

let subscribed: (() => void) | undefined;
let reconnected: (() => void) | undefined;
vi.mock('../../api/streaming', () => ({
  sharedStream: () => ({
    subscribe: (
      _params: unknown,
      _listener: unknown,
      options?: { onSubscribed?: () => void; onReconnected?: () => void },
    ) => {
      subscribed = options?.onSubscribed;
      reconnected = options?.onReconnected;
      return () => undefined;
    },
  }),
}));
const { default: NotificationStream } = await import('./NotificationStream');

const signedIn = { identity: { signedIn: true }, accessToken: 'token' } as unknown as InitialState;

describe('live notifications', () => {
  it('read the unread count, the lists and the follow requests again when the stream listens again after a drop', () => {
    const client = new QueryClient();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    render(
      <InitialStateContext.Provider value={signedIn}>
        <QueryClientProvider client={client}>
          <NotificationStream />
        </QueryClientProvider>
      </InitialStateContext.Provider>,
    );
    // the first subscription reads nothing again: the page has just loaded it (issue #30)
    subscribed?.();
    expect(invalidate).not.toHaveBeenCalled();
    expect(reconnected).toBeDefined();
    reconnected?.();
    const keys = invalidate.mock.calls.map(([filters]) => filters?.queryKey);
    expect(keys).toEqual(
      expect.arrayContaining([queryKeys.unreadNotifications, queryKeys.followRequests, ['notifications']]),
    );
  });
});
