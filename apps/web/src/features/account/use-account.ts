import type { Account, Relationship } from '@palchat/api';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { api } from '../../api/client';

export type AccountRef = { kind: 'id'; id: string } | { kind: 'acct'; acct: string } | { kind: 'invalid' };

/** /@:acct, /accounts/:id and /users/:acct all name one account. */
export function useAccountRef(): AccountRef {
  const params = useParams();
  if (params.id) return { kind: 'id', id: params.id };
  if (params.acct) return { kind: 'acct', acct: params.acct };
  if (params.handle?.startsWith('@') && params.handle.length > 1)
    return { kind: 'acct', acct: params.handle.slice(1) };
  return { kind: 'invalid' };
}

export function useResolvedAccount(ref: AccountRef) {
  return useQuery({
    queryKey: ['account-ref', ref],
    enabled: ref.kind !== 'invalid',
    queryFn: ({ signal }) =>
      ref.kind === 'id'
        ? api.get<Account>(`/api/v1/accounts/${ref.id}`, { signal })
        : api.get<Account>('/api/v1/accounts/lookup', {
            query: { acct: ref.kind === 'acct' ? ref.acct : '' },
            signal,
          }),
  });
}

export function useRelationship(accountId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: ['relationship', accountId],
    enabled: enabled && accountId !== undefined,
    queryFn: async ({ signal }) => {
      // as Mastodon's web app: a suspended account's profile still shows (and can sever) the relationship
      const answer = await api.get<Relationship[]>('/api/v1/accounts/relationships', {
        query: { id: [accountId ?? ''], with_suspended: true },
        signal,
      });
      return answer[0] ?? null;
    },
  });
}

export function useFollowToggle(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      api.post<Relationship>(`/api/v1/accounts/${accountId}/${follow ? 'follow' : 'unfollow'}`),
    onSuccess: (relationship) => {
      client.setQueryData(['relationship', accountId], relationship);
      void client.invalidateQueries({ queryKey: ['account-ref'] });
      // the home timeline gains or loses the account's posts: read again when shown (the stream does not say)
      void client.invalidateQueries({ queryKey: ['timeline', 'home'] });
    },
  });
}

/** Follow options of an account already followed: notify on posts, show its boosts in home. */
export function useFollowOptions(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: { notify?: boolean; reblogs?: boolean }) =>
      api.post<Relationship>(`/api/v1/accounts/${accountId}/follow`, options),
    onSuccess: (relationship) => client.setQueryData(['relationship', accountId], relationship),
  });
}
