import { useQuery } from '@tanstack/react-query';
import { lists } from './api';
import { listKeys } from './query-keys';

export function useList(id: string | undefined) {
  return useQuery({
    queryKey: listKeys.one(id),
    queryFn: ({ signal }) => lists.get(id ?? '', signal),
    enabled: id !== undefined,
  });
}
