import type { Account, Collection, CollectionWithAccounts, Collections } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

/** How many avatars a collection shows in a list (Mastodon's previews show four). */
export const PREVIEW_AVATARS = 4;

export const collectionKeys = {
  ofAccount: (accountId: string) => ['collections', 'of', accountId] as const,
  one: (id: string) => ['collections', 'one', id] as const,
  all: ['collections'] as const,
};

/** An account's collections (every one for their curator, the discoverable ones for others). */
export function useAccountCollections(accountId: string | undefined) {
  return useQuery({
    queryKey: collectionKeys.ofAccount(accountId ?? ''),
    queryFn: async ({ signal }) =>
      (await api.get<Collections>(`/api/v1/accounts/${accountId}/collections`, { signal })).collections,
    enabled: accountId !== undefined,
  });
}

export function useCollection(id: string) {
  return useQuery({
    queryKey: collectionKeys.one(id),
    queryFn: ({ signal }) => api.get<CollectionWithAccounts>(`/api/v1/collections/${id}`, { signal }),
  });
}

/** The first few featured accounts of each collection, for their avatars, in one request. */
export function usePreviewAccounts(collections: readonly Collection[]) {
  const ids = [
    ...new Set(
      collections.flatMap((collection) =>
        collection.items
          .slice(0, PREVIEW_AVATARS)
          .flatMap((item) => (item.state === 'accepted' && item.account_id ? [item.account_id] : [])),
      ),
    ),
  ];
  return useQuery({
    queryKey: ['accounts', 'many', ids],
    queryFn: ({ signal }) => api.get<Account[]>('/api/v1/accounts', { query: { id: ids }, signal }),
    enabled: ids.length > 0,
  });
}
