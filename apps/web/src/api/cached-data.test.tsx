import type { InitialState, UserSettings } from '@palchat/api';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { InitialStateContext } from '../platform/initial-state-context';
import type { Instance } from './instance';
import { queryKeys, useCachedInstance, useCachedSettings } from './queries';

function Shown() {
  const settings = useCachedSettings();
  const translation = useCachedInstance()?.configuration?.translation?.enabled;
  return (
    <p>
      {settings.expandSpoilers ? 'expanded' : 'collapsed'}, translation {String(translation)}
    </p>
  );
}

const page = { settings: { expandSpoilers: false } } as unknown as InitialState;

describe('cached reads (no query observer of their own)', () => {
  it("read the page's settings until the query exists, then follow the cache", () => {
    const client = new QueryClient();
    render(
      <InitialStateContext.Provider value={page}>
        <QueryClientProvider client={client}>
          <Shown />
        </QueryClientProvider>
      </InitialStateContext.Provider>,
    );
    expect(screen.getByText('collapsed, translation undefined')).toBeTruthy();
    act(() => {
      client.setQueryData<UserSettings>(queryKeys.settings, { expandSpoilers: true } as UserSettings);
      client.setQueryData<Instance>(queryKeys.instance, {
        configuration: { translation: { enabled: true } },
      } as Instance);
    });
    expect(screen.getByText('expanded, translation true')).toBeTruthy();
    // nothing was fetched: only what was put in the cache is there
    expect(
      client
        .getQueryCache()
        .getAll()
        .every((query) => query.getObserversCount() === 0),
    ).toBe(true);
  });
});
