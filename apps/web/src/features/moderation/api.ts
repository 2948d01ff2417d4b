import type { AdminDashboard, AdminReport } from '@palchat/api';
import { api } from '../../api/client';

export const adminDashboard = {
  get: (signal?: AbortSignal) => api.get<AdminDashboard>('/api/v1/admin/dashboard', { signal }),
};

export const adminReports = {
  /** Resolves an open report, or opens a resolved one again. */
  setResolved: (id: string, action: 'resolve' | 'reopen') =>
    api.post<AdminReport>(`/api/v1/admin/reports/${id}/${action}`),
};
