import type { Account, List, RepliesPolicy } from '@palchat/api';
import { api } from '../../api/client';

export interface ListSettings {
  title: string;
  replies_policy: RepliesPolicy;
  exclusive: boolean;
}

export const lists = {
  get: (id: string, signal?: AbortSignal) => api.get<List>(`/api/v1/lists/${id}`, { signal }),
  create: (settings: ListSettings) => api.post<List>('/api/v1/lists', settings),
  update: (id: string, settings: ListSettings) => api.put<List>(`/api/v1/lists/${id}`, settings),
  remove: (id: string) => api.delete(`/api/v1/lists/${id}`),
};

export const listMembers = {
  /** Every member at once (limit=0). */
  all: (listId: string, signal?: AbortSignal) =>
    api.get<Account[]>(`/api/v1/lists/${listId}/accounts`, { query: { limit: 0 }, signal }),
  add: (listId: string, accountId: string) =>
    api.post(`/api/v1/lists/${listId}/accounts`, { account_ids: [accountId] }),
  remove: (listId: string, accountId: string) =>
    api.delete(`/api/v1/lists/${listId}/accounts`, { query: { account_ids: [accountId] } }),
};
