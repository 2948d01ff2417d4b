import type { Relationship } from '@palchat/api';
import { api } from '../../api/client';

export const followRequests = {
  answer: (accountId: string, decision: 'authorize' | 'reject') =>
    api.post(`/api/v1/follow_requests/${accountId}/${decision}`),
};

export const domainBlocks = {
  add: (domain: string) => api.post('/api/v1/domain_blocks', { domain }),
  remove: (domain: string) => api.delete('/api/v1/domain_blocks', { query: { domain } }),
};

/** Undoes a block or a mute of an account. */
export const accountRelationships = {
  undo: (accountId: string, undo: 'unblock' | 'unmute') =>
    api.post<Relationship>(`/api/v1/accounts/${accountId}/${undo}`),
};
