import {
  hashKey,
  useMutation,
  useQuery,
  useQueryClient,
  type QueryClient,
  type QueryKey,
} from '@tanstack/react-query';
import { useCallback, useSyncExternalStore } from 'react';
import type {
  Account,
  CredentialAccount,
  InitialState,
  List,
  UserSettings,
  UserSettingsPatch,
} from '@palchat/api';
import { api } from './client';
import type { Instance } from './instance';
import { retryOnlyWhenRateLimited } from './retry-policy';
import { useInitialState } from '../platform/initial-state-context';

export const queryKeys = {
  instance: ['instance'] as const,
  settings: ['web-settings'] as const,
  lists: ['lists'] as const,
  followRequests: ['follow-requests'] as const,
  currentAccount: ['current-account'] as const,
  credentialAccount: ['verify-credentials'] as const,
  account: (id: string) => ['account', id] as const,
  unreadNotifications: ['notifications', 'unread-count'] as const,
  /** Every timeline (a block or a mute changes them all). */
  timelines: ['timeline'] as const,
  /** Every page of one timeline, whatever its query (home, favourites, bookmarks, pinned, list:<id> …). */
  timeline: (timelineId: string) => ['timeline', timelineId] as const,
};

/** How long the account and the server's information count as current, the page's copies included. */
const FRESH_FOR_MS = 60_000;

/**
 * Puts what the page's initial state carries into the cache, as fetched now: the server's information, the
 * viewer's account and settings are then not asked of the API at start-up (issue #30: a page load spent the
 * rate limit on them).
 */
export function seedQueryCache(client: QueryClient, state: InitialState): QueryClient {
  client.setQueryData(queryKeys.settings, state.settings);
  if (state.instance) client.setQueryData<Instance>(queryKeys.instance, state.instance);
  if (state.account) {
    client.setQueryData<CredentialAccount>(queryKeys.credentialAccount, state.account);
    client.setQueryData<Account>(queryKeys.currentAccount, state.account);
  }
  return client;
}

export function useInstance() {
  return useQuery({
    queryKey: queryKeys.instance,
    queryFn: ({ signal }) => api.get<Instance>('/api/v2/instance', { signal }),
    staleTime: FRESH_FOR_MS,
  });
}

/**
 * One query's data as the cache holds it, followed without a query observer of its own: for what renders once
 * per status (an observer per card costs ~1–2 KiB of heap each; issue #17). Nothing is fetched here: the
 * query must be observed elsewhere (start-up and the root layout keep the instance and the settings).
 */
function useCachedData<T>(queryKey: QueryKey): T | undefined {
  const client = useQueryClient();
  const hash = hashKey(queryKey);
  const subscribe = useCallback(
    (onChange: () => void) =>
      client.getQueryCache().subscribe((event) => {
        if (event.query.queryHash === hash) onChange();
      }),
    [client, hash],
  );
  return useSyncExternalStore(subscribe, () => client.getQueryData<T>(queryKey));
}

/** The instance, for what renders once per status (start-up keeps its query observed: app/startup.ts). */
export function useCachedInstance(): Instance | undefined {
  return useCachedData<Instance>(queryKeys.instance);
}

/** The signed-in user's account (SPEC §7 "GET /accounts/{id} loads the current user"). */
export function useCurrentAccount() {
  const { identity } = useInitialState();
  const id = identity.accountId;
  return useQuery({
    queryKey: queryKeys.currentAccount,
    queryFn: ({ signal }) => api.get<Account>(`/api/v1/accounts/${id}`, { signal }),
    enabled: identity.signedIn && id !== null,
    staleTime: FRESH_FOR_MS,
  });
}

export function useCredentialAccount() {
  const { identity } = useInitialState();
  return useQuery({
    queryKey: queryKeys.credentialAccount,
    queryFn: ({ signal }) => api.get<CredentialAccount>('/api/v1/accounts/verify_credentials', { signal }),
    enabled: identity.signedIn,
    staleTime: FRESH_FOR_MS,
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
    retry: retryOnlyWhenRateLimited,
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
 * The settings, for what renders once per status: the cache's copy (the root layout's useSettings keeps the
 * query), the page's own until the query exists.
 */
export function useCachedSettings(): UserSettings {
  const { settings } = useInitialState();
  return useCachedData<UserSettings>(queryKeys.settings) ?? settings;
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
