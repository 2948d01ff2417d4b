import type { NotificationRequest } from '@palchat/api';
import { api } from '../../api/client';

export const notificationRequests = {
  get: (id: string, signal?: AbortSignal) =>
    api.get<NotificationRequest>(`/api/v1/notifications/requests/${id}`, { signal }),
  decide: (id: string, action: 'accept' | 'dismiss') =>
    api.post(`/api/v1/notifications/requests/${id}/${action}`),
};

export const notifications = {
  clear: () => api.post('/api/v1/notifications/clear'),
};

export const markers = {
  /** Moves the server's read marker of the notifications to `lastReadId`. */
  readNotifications: (lastReadId: string) =>
    api.post('/api/v1/markers', { notifications: { last_read_id: lastReadId } }),
};
