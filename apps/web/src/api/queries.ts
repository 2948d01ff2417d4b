import { hashKey, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type { Account, CredentialAccount, List, UserSettings, UserSettingsPatch } from '@palchat/api';
import { api } from './client';
import type { Instance } from './instance';
import { useInitialState } from '../app/initial-state-context';

export const queryKeys = {
  instance: ['instance'] as const,
  settings: ['web-settings'] as const,
  lists: ['lists'] as const,
  followRequests: ['follow-requests'] as const,
  currentAccount: ['current-account'] as const,
  account: (id: string) => ['account', id] as const,
  unreadNotifications: ['notifications', 'unread-count'] as const,
};

export function useInstance() {
  return useQuery({
    queryKey: queryKeys.instance,
    queryFn: ({ signal }) => api.get<Instance>('/api/v2/instance', { signal }),
    staleTime: 60_000,
  });
}

const INSTANCE_HASH = hashKey(queryKeys.instance);

/**
 * The instance as the cache holds it, for what renders once per status: start-up keeps the instance's query
 * observed and fetched (app/startup.ts), so this only reads and follows the cache, without a query observer
 * of its own per card (issue #17, the heap at first load).
 */
export function useCachedInstance(): Instance | undefined {
  const client = useQueryClient();
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.type === 'updated' && event.query.queryHash === INSTANCE_HASH) onChange();
      }),
    [client],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryData<Instance>(queryKeys.instance));
}

/** The signed-in user's account (SPEC §7 "GET /accounts/{id} loads the current user"). */
export function useCurrentAccount() {
  const { identity } = useInitialState();
  const id = identity.accountId;
  return useQuery({
    queryKey: queryKeys.currentAccount,
    queryFn: ({ signal }) => api.get<Account>(`/api/v1/accounts/${id}`, { signal }),
    enabled: identity.signedIn && id !== null,
    staleTime: 60_000,
  });
}

export function useCredentialAccount() {
  const { identity } = useInitialState();
  return useQuery({
    queryKey: ['verify-credentials'],
    queryFn: ({ signal }) => api.get<CredentialAccount>('/api/v1/accounts/verify_credentials', { signal }),
    enabled: identity.signedIn,
  });
}

export function useLists() {
  const { identity } = useInitialState();
  return useQuery({
    queryKey: queryKeys.lists,
    queryFn: ({ signal }) => api.get<List[]>('/api/v1/lists', { signal }),
    enabled: identity.signedIn,
    staleTime: 60_000,
  });
}

export function useFollowRequests() {
  const { identity } = useInitialState();
  return useQuery({
    queryKey: queryKeys.followRequests,
    queryFn: ({ signal }) => api.page<Account>('/api/v1/follow_requests', { signal }),
    enabled: identity.signedIn,
    staleTime: 60_000,
  });
}

/** Unread notifications; the badge simply stays hidden when the server cannot tell. */
export function useUnreadNotificationCount() {
  const { identity } = useInitialState();
  return useQuery({
    queryKey: queryKeys.unreadNotifications,
    queryFn: ({ signal }) => api.get<{ count: number }>('/api/v1/notifications/unread_count', { signal }),
    enabled: identity.signedIn,
    retry: false,
    staleTime: 30_000,
  });
}

export function useSettings(): UserSettings {
  const { settings } = useInitialState();
  const query = useQuery({
    queryKey: queryKeys.settings,
    queryFn: ({ signal }) => api.get<UserSettings>('/api/web/settings', { signal }),
    initialData: settings,
    staleTime: Infinity,
  });
  return query.data;
}

/**
 * Saves part of the web settings. The change shows at once; saves run one after another, and a refused one
 * is undone (the settings are read again from the server).
 */
export function useSaveSettings(section?: string) {
  const client = useQueryClient();
  const othersPending = () => client.isMutating({ mutationKey: queryKeys.settings }) > 1;
  return useMutation({
    // per section, so that a page can show the state of its own saves (useMutationState)
    mutationKey: section ? [...queryKeys.settings, section] : queryKeys.settings,
    scope: { id: 'web-settings' },
    mutationFn: (patch: UserSettingsPatch) => api.put<UserSettings>('/api/web/settings', patch),
    onMutate: async (patch) => {
      await client.cancelQueries({ queryKey: queryKeys.settings });
      const previous = client.getQueryData<UserSettings>(queryKeys.settings);
      if (previous) client.setQueryData<UserSettings>(queryKeys.settings, { ...previous, ...patch });
      return { previous };
    },
    onError: (_error, _patch, result) => {
      if (result?.previous && !othersPending()) client.setQueryData(queryKeys.settings, result.previous);
      void client.invalidateQueries({ queryKey: queryKeys.settings });
    },
    // a later save's optimistic change stays on screen until that save answers
    onSuccess: (saved) => {
      if (!othersPending()) client.setQueryData(queryKeys.settings, saved);
    },
  });
}
