import type { Collection } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { accountsById, collections as collectionCalls } from './api';
import { collectionKeys } from './query-keys';

/** How many avatars a collection shows in a list (Mastodon's previews show four). */
export const PREVIEW_AVATARS = 4;

/** An account's collections (every one for their curator, the discoverable ones for others). */
export function useAccountCollections(accountId: string | undefined) {
  return useQuery({
    queryKey: collectionKeys.ofAccount(accountId ?? ''),
    queryFn: ({ signal }) => collectionCalls.ofAccount(accountId ?? '', signal),
    enabled: accountId !== undefined,
  });
}

export function useCollection(id: string) {
  return useQuery({
    queryKey: collectionKeys.one(id),
    queryFn: ({ signal }) => collectionCalls.get(id, signal),
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
    queryKey: collectionKeys.previewAccounts(ids),
    queryFn: ({ signal }) => accountsById.many(ids, signal),
    enabled: ids.length > 0,
  });
}
