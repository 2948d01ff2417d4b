import type { Account, CredentialAccount, List, Relationship, Status } from '@palchat/api';
import { api } from '../../api/client';

/** What the account menu does to an account, each one POST /api/v1/accounts/:id/<action>. */
export type AccountAction = 'block' | 'unblock' | 'mute' | 'unmute' | 'endorse' | 'unendorse';

export interface FeaturedTag {
  id: string;
  name: string;
  statuses_count: number | string;
}

export const accounts = {
  get: (id: string, signal?: AbortSignal) => api.get<Account>(`/api/v1/accounts/${id}`, { signal }),
  /** The account with this handle; 404 when there is none. */
  lookup: (acct: string, signal?: AbortSignal) =>
    api.get<Account>('/api/v1/accounts/lookup', { query: { acct }, signal }),
  /** Accounts whose name or handle matches, the viewer's follows only when `following`. */
  search: (q: string, options: { following?: boolean; limit: number }, signal?: AbortSignal) =>
    api.get<Account[]>('/api/v1/accounts/search', {
      query: options.following ? { q, following: true, limit: options.limit } : { q, limit: options.limit },
      signal,
    }),
  pinnedStatuses: (id: string, signal?: AbortSignal) =>
    api.get<Status[]>(`/api/v1/accounts/${id}/statuses`, { query: { pinned: true }, signal }),
  featuredTags: (id: string, signal?: AbortSignal) =>
    api.get<FeaturedTag[]>(`/api/v1/accounts/${id}/featured_tags`, { signal }),
  endorsements: (id: string, signal?: AbortSignal) =>
    api.get<Account[]>(`/api/v1/accounts/${id}/endorsements`, { signal }),
  /** The viewer's lists that hold the account. */
  lists: (id: string, signal?: AbortSignal) => api.get<List[]>(`/api/v1/accounts/${id}/lists`, { signal }),
  updateCredentials: (form: FormData) =>
    api.patch<CredentialAccount>('/api/v1/accounts/update_credentials', form),
};

/** The viewer's relationship with an account, and what changes it. */
export const relationships = {
  /** As Mastodon's web app: a suspended account's profile still shows (and can sever) the relationship. */
  get: async (accountId: string, signal?: AbortSignal) => {
    const answer = await api.get<Relationship[]>('/api/v1/accounts/relationships', {
      query: { id: [accountId], with_suspended: true },
      signal,
    });
    return answer[0] ?? null;
  },
  follow: (accountId: string, options?: { notify?: boolean; reblogs?: boolean }) =>
    api.post<Relationship>(`/api/v1/accounts/${accountId}/follow`, options),
  unfollow: (accountId: string) => api.post<Relationship>(`/api/v1/accounts/${accountId}/unfollow`),
  act: (accountId: string, action: AccountAction) =>
    api.post<Relationship>(`/api/v1/accounts/${accountId}/${action}`),
  /** The viewer's private note on the account. */
  note: (accountId: string, comment: string) =>
    api.post<Relationship>(`/api/v1/accounts/${accountId}/note`, { comment }),
};
