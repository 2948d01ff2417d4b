import type { List } from '@palchat/api';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../api/client';

export function useList(id: string | undefined) {
  return useQuery({
    queryKey: ['list', id],
    queryFn: ({ signal }) => api.get<List>(`/api/v1/lists/${id}`, { signal }),
    enabled: id !== undefined,
  });
}
