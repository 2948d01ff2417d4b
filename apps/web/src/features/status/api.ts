import type { Status, StatusContext, StatusEdit } from '@palchat/api';
import { api } from '../../api/client';

export const statuses = {
  get: (id: string, signal?: AbortSignal) => api.get<Status>(`/api/v1/statuses/${id}`, { signal }),
  /** Its ancestors and descendants. */
  context: (id: string, signal?: AbortSignal) =>
    api.get<StatusContext>(`/api/v1/statuses/${id}/context`, { signal }),
  history: (id: string, signal?: AbortSignal) =>
    api.get<StatusEdit[]>(`/api/v1/statuses/${id}/history`, { signal }),
};

export interface NewReport {
  account_id: string;
  status_ids: string[];
  category: 'spam' | 'violation' | 'other';
  rule_ids: string[];
  comment: string;
}

export const reports = {
  create: (report: NewReport) => api.post('/api/v1/reports', report),
};
