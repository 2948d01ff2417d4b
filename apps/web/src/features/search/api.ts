import type { SearchResults } from '@palchat/api';
import { api, type QueryValue } from '../../api/client';

export const search = {
  /** GET /api/v2/search with the given parameters (q, type, offset, limit, resolve). */
  run: (query: Record<string, QueryValue>, signal?: AbortSignal) =>
    api.get<SearchResults>('/api/v2/search', { query, signal }),
};
