import type { Status } from '@palchat/api';
import { queryKeys } from '../../api/queries';
import {
  MutationObserver,
  useMutation,
  useQueryClient,
  type MutationOptions,
  type QueryClient,
} from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '../../api/client';
import { removeCachedStatus, replaceCachedStatus, updateCachedStatus } from '../../api/status-cache';

export type ToggleAction = 'favourite' | 'reblog' | 'bookmark' | 'pin' | 'mute';

const FLAG: Record<ToggleAction, 'favourited' | 'reblogged' | 'bookmarked' | 'pinned' | 'muted'> = {
  favourite: 'favourited',
  reblog: 'reblogged',
  bookmark: 'bookmarked',
  pin: 'pinned',
  mute: 'muted',
};

/** The optimistic form of a toggle: the flag flips and the matching counter follows. */
export function toggled(status: Status, action: ToggleAction, on: boolean): Status {
  const next: Status = { ...status, [FLAG[action]]: on };
  const delta = on ? 1 : -1;
  if (action === 'favourite') next.favourites_count = Math.max(0, status.favourites_count + delta);
  if (action === 'reblog') next.reblogs_count = Math.max(0, status.reblogs_count + delta);
  return next;
}

export function isOn(status: Status, action: ToggleAction): boolean {
  return status[FLAG[action]] === true;
}

interface Toggle {
  status: Status;
  action: ToggleAction;
  on: boolean;
}

/**
 * Favourite, boost, bookmark, pin and conversation mute, applied to the cache before the server answers.
 * Every status card has one and none shows its progress: the mutation is made when a toggle is asked for,
 * not a mutation observer per card at render (issue #17, the heap at first load).
 */
export function useToggleStatus(): { mutate: (toggle: Toggle) => void } {
  const client = useQueryClient();
  return useMemo(
    () => ({
      mutate: (toggle: Toggle) => {
        // the mutation's own callbacks run whether or not anything observes it; a failure is undone there
        void new MutationObserver(client, toggleMutation(client)).mutate(toggle).catch(() => undefined);
      },
    }),
    [client],
  );
}

function toggleMutation(client: QueryClient): MutationOptions<Status, Error, Toggle, { before: Status }> {
  return {
    mutationFn: async ({ status, action, on }) => {
      const path = `/api/v1/statuses/${status.id}/${on ? action : `un${action}`}`;
      const answer = await api.post<Status>(path);
      // a boost answers with the boost itself; the boosted status carries the fresh counters
      return answer.reblog && action === 'reblog' && on ? answer.reblog : answer;
    },
    onMutate: ({ status, action, on }) => {
      const before = status;
      updateCachedStatus(client, status.id, (cached) => toggled(cached, action, on));
      return { before };
    },
    onError: (_error, _variables, context) => {
      if (context) replaceCachedStatus(client, context.before);
    },
    onSuccess: (fresh, { action, on }) => {
      if (fresh.id) replaceCachedStatus(client, { ...fresh, [FLAG[action]]: on });
      if (action === 'bookmark') void client.invalidateQueries({ queryKey: queryKeys.timeline('bookmarks') });
      if (action === 'favourite')
        void client.invalidateQueries({ queryKey: queryKeys.timeline('favourites') });
      if (action === 'pin') void client.invalidateQueries({ queryKey: queryKeys.timeline('pinned') });
    },
  };
}

export function useDeleteStatus() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (status: Status) => api.delete<Status>(`/api/v1/statuses/${status.id}`),
    onSuccess: (_answer, status) => removeCachedStatus(client, status.id),
  });
}

/** A request answering a status's poll; the answer replaces the poll wherever the status is cached. */
function usePollRequest<Variables extends { statusId: string; pollId: string }>(
  request: (variables: Variables) => Promise<Record<string, unknown>>,
) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: request,
    onSuccess: (poll, { statusId }) =>
      updateCachedStatus(client, statusId, (status) => ({ ...status, poll })),
  });
}

export function useVote() {
  return usePollRequest(({ pollId, choices }: { statusId: string; pollId: string; choices: number[] }) =>
    api.post<Record<string, unknown>>(`/api/v1/polls/${pollId}/votes`, { choices }),
  );
}

/** Fetches a poll's current counts (GET /api/v1/polls/:id). */
export function useRefreshPoll() {
  return usePollRequest(({ pollId }: { statusId: string; pollId: string }) =>
    api.get<Record<string, unknown>>(`/api/v1/polls/${pollId}`),
  );
}
