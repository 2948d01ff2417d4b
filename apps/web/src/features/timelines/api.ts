import type { DirectConversation, Status, Tag } from '@palchat/api';
import { api } from '../../api/client';

const tagPath = (tag: string) => `/api/v1/tags/${encodeURIComponent(tag)}`;

export const tags = {
  get: (tag: string, signal?: AbortSignal) => api.get<Tag>(tagPath(tag), { signal }),
  setFollowing: (tag: string, following: boolean) =>
    api.post<Tag>(`${tagPath(tag)}/${following ? 'follow' : 'unfollow'}`),
};

export const linkTimeline = {
  /** The first few posts that share the link (their preview card describes it). */
  first: (url: string, limit: number, signal?: AbortSignal) =>
    api.get<Status[]>('/api/v1/timelines/link', { query: { url, limit }, signal }),
};

export const conversations = {
  markRead: (id: string) => api.post<DirectConversation>(`/api/v1/conversations/${id}/read`),
};
