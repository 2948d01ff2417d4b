import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queries';
import { useParams } from 'react-router';
import { relationships, accounts } from './api';
import { accountKeys } from './query-keys';

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
    queryKey: accountKeys.ref(ref),
    enabled: ref.kind !== 'invalid',
    queryFn: ({ signal }) =>
      ref.kind === 'id'
        ? accounts.get(ref.id, signal)
        : accounts.lookup(ref.kind === 'acct' ? ref.acct : '', signal),
  });
}

export function useRelationship(accountId: string | undefined, enabled: boolean) {
  return useQuery({
    queryKey: accountKeys.relationship(accountId),
    enabled: enabled && accountId !== undefined,
    queryFn: ({ signal }) => relationships.get(accountId ?? '', signal),
  });
}

export function useFollowToggle(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (follow: boolean) =>
      follow ? relationships.follow(accountId) : relationships.unfollow(accountId),
    onSuccess: (relationship) => {
      client.setQueryData(accountKeys.relationship(accountId), relationship);
      void client.invalidateQueries({ queryKey: accountKeys.refs });
      // the home timeline gains or loses the account's posts: read again when shown (the stream does not say)
      void client.invalidateQueries({ queryKey: queryKeys.timeline('home') });
    },
  });
}

/** Follow options of an account already followed: notify on posts, show its boosts in home. */
export function useFollowOptions(accountId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (options: { notify?: boolean; reblogs?: boolean }) =>
      relationships.follow(accountId, options),
    onSuccess: (relationship) => client.setQueryData(accountKeys.relationship(accountId), relationship),
  });
}
