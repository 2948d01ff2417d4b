import type { AccountSource, CredentialAccount } from '@palchat/api';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../api/client';

type PostingDefaults = Partial<Pick<AccountSource, 'privacy' | 'sensitive' | 'language'>>;

const CREDENTIALS_KEY = ['verify-credentials'];
export const POSTING_DEFAULTS_SAVE_KEY = ['posting-defaults'];

/**
 * Saves the account's posting defaults (PATCH update_credentials with `source`); the change shows at once
 * and is undone when the server refuses it.
 */
export function useSavePostingDefaults() {
  const client = useQueryClient();
  return useMutation({
    mutationKey: POSTING_DEFAULTS_SAVE_KEY,
    scope: { id: 'posting-defaults' },
    mutationFn: (source: PostingDefaults) =>
      api.patch<CredentialAccount>('/api/v1/accounts/update_credentials', { source }),
    onMutate: async (source) => {
      await client.cancelQueries({ queryKey: CREDENTIALS_KEY });
      const previous = client.getQueryData<CredentialAccount>(CREDENTIALS_KEY);
      if (previous)
        client.setQueryData<CredentialAccount>(CREDENTIALS_KEY, {
          ...previous,
          source: { ...previous.source, ...source },
        });
      return { previous };
    },
    onError: (_error, _source, result) => {
      if (result?.previous) client.setQueryData(CREDENTIALS_KEY, result.previous);
    },
    onSuccess: (account) => client.setQueryData(CREDENTIALS_KEY, account),
  });
}
