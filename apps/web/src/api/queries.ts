import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Account, CredentialAccount, List, UserSettings } from '@palchat/api';
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

export function useSaveSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: Partial<UserSettings>) => api.put<UserSettings>('/api/web/settings', patch),
    onSuccess: (saved) => client.setQueryData(queryKeys.settings, saved),
  });
}
