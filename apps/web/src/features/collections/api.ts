import type { Account, CollectionWithAccounts, Collections, WrappedCollection } from '@palchat/api';
import { api } from '../../api/client';

export interface NewCollection {
  name: string;
  description: string;
  sensitive: boolean;
  discoverable: boolean;
}

export const collections = {
  /** An account's collections (every one for their curator, the discoverable ones for others). */
  ofAccount: async (accountId: string, signal?: AbortSignal) =>
    (await api.get<Collections>(`/api/v1/accounts/${accountId}/collections`, { signal })).collections,
  get: (id: string, signal?: AbortSignal) =>
    api.get<CollectionWithAccounts>(`/api/v1/collections/${id}`, { signal }),
  create: (collection: NewCollection) => api.post<WrappedCollection>('/api/v1/collections', collection),
  remove: (id: string) => api.delete(`/api/v1/collections/${id}`),
};

export const collectionItems = {
  add: (collectionId: string, accountId: string) =>
    api.post(`/api/v1/collections/${collectionId}/items`, { account_id: accountId }),
  remove: (collectionId: string, itemId: string) =>
    api.delete(`/api/v1/collections/${collectionId}/items/${itemId}`),
};

export const accountsById = {
  /** Several accounts in one request. */
  many: (ids: string[], signal?: AbortSignal) =>
    api.get<Account[]>('/api/v1/accounts', { query: { id: ids }, signal }),
};
