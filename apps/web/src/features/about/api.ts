import type { InstanceDocument, TermsOfService } from '@palchat/api';
import { api } from '../../api/client';
import type { ExtendedDescription } from '../../api/instance';

export interface Rule {
  id: string;
  text: string;
  hint?: string;
}

/** The server's own pages: its description, rules, privacy policy and terms of service. */
export const instanceDocuments = {
  extendedDescription: (signal?: AbortSignal) =>
    api.get<ExtendedDescription>('/api/v1/instance/extended_description', { signal }),
  rules: (signal?: AbortSignal) => api.get<Rule[]>('/api/v1/instance/rules', { signal }),
  privacyPolicy: (signal?: AbortSignal) =>
    api.get<InstanceDocument>('/api/v1/instance/privacy_policy', { signal }),
  /** The version in force, or the one effective on `date`. */
  termsOfService: (date: string | undefined, signal?: AbortSignal) =>
    api.get<TermsOfService>(
      `/api/v1/instance/terms_of_service${date ? `/${encodeURIComponent(date)}` : ''}`,
      {
        signal,
      },
    ),
};
