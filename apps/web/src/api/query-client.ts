import { QueryClient } from '@tanstack/react-query';
import { queryRetryDelay, shouldRetryQuery } from './retry-policy';

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      // a failed refetch keeps the query's data on screen; a 429 is asked again once its Retry-After has passed
      queries: { retry: shouldRetryQuery, retryDelay: queryRetryDelay, refetchOnWindowFocus: false },
    },
  });
}
