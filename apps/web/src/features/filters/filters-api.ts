import type { Filter, FilterInput } from '@palchat/api';
import { useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

const filtersKey = ['filters'] as const;

/** Cached answers that hold statuses, whose `filtered` field the server computes from the filters. */
const STATUS_QUERIES = new Set([
  'timeline',
  'notifications',
  'status',
  'status-context',
  'account-statuses',
  'search',
  'trends',
  'conversations',
]);

/** After a filter changes, statuses are fetched again so that their `filtered` matches reflect it. */
function refetchFilteredStatuses(client: QueryClient): Promise<void> {
  return client.invalidateQueries({
    predicate: (query) => STATUS_QUERIES.has(String(query.queryKey[0])),
  });
}

export function useFilters() {
  return useQuery({
    queryKey: filtersKey,
    queryFn: ({ signal }) => api.get<Filter[]>('/api/v2/filters', { signal }),
  });
}

export function useFilter(id: string | undefined) {
  return useQuery({
    queryKey: [...filtersKey, id],
    queryFn: ({ signal }) => api.get<Filter>(`/api/v2/filters/${id}`, { signal }),
    enabled: id !== undefined,
  });
}

/** Creates a filter, or replaces `saved` with the body (see filterRequestBody). */
export function useSaveFilter(saved: Filter | undefined) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: Partial<FilterInput>) =>
      saved
        ? api.put<Filter>(`/api/v2/filters/${saved.id}`, body)
        : api.post<Filter>('/api/v2/filters', body),
    onSuccess: async (filter) => {
      client.setQueryData([...filtersKey, filter.id], filter);
      await client.invalidateQueries({ queryKey: filtersKey, exact: true });
      void refetchFilteredStatuses(client);
    },
  });
}

export function useDeleteFilter() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (filter: Filter) => api.delete(`/api/v2/filters/${filter.id}`),
    onSuccess: async (_, filter) => {
      client.setQueryData<Filter[]>(filtersKey, (list) => list?.filter((f) => f.id !== filter.id));
      client.removeQueries({ queryKey: [...filtersKey, filter.id] });
      void refetchFilteredStatuses(client);
    },
  });
}
