import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect } from 'react';
import { loadVerificationSource } from './verification-source';
import { verificationStatus, verifiedSetOf, type Leaf, type VerificationStatus } from './verification-state';
import { readVerified, saveVerified } from './verified-store';

export const verificationKeys = {
  all: ['e2ee-verification'] as const,
  chat: (accountId: string, conversationId: string) =>
    ['e2ee-verification', accountId, conversationId] as const,
};

export interface ChatVerification {
  /** null until the local group state is read, or when this device holds none for the chat */
  leaves: Leaf[] | null;
  /** the local group state was read (leaves stays null when this device holds none) */
  loaded: boolean;
  status: VerificationStatus;
  /** records the current leaves as verified */
  markVerified: () => void;
}

/**
 * A chat's verification as this device sees it: read from the local group state when `enabled` (an encrypted
 * chat), read again whenever the device says a membership may have changed.
 */
export function useVerification(
  accountId: string,
  conversationId: string,
  enabled: boolean,
): ChatVerification {
  const client = useQueryClient();
  const queryKey = verificationKeys.chat(accountId, conversationId);
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const source = await loadVerificationSource(accountId);
      const leaves = (await source?.leaves(conversationId)) ?? null;
      return { leaves, verified: readVerified(accountId, conversationId) };
    },
  });

  useEffect(() => {
    if (!enabled) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void loadVerificationSource(accountId).then((source) => {
      if (cancelled || !source) return;
      unsubscribe = source.subscribe((changed) => {
        if (changed === null || changed === conversationId)
          void client.invalidateQueries({ queryKey: verificationKeys.chat(accountId, conversationId) });
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [client, accountId, conversationId, enabled]);

  const leaves = query.data?.leaves ?? null;
  const markVerified = useCallback(() => {
    if (!leaves) return;
    const verified = verifiedSetOf(leaves);
    saveVerified(accountId, conversationId, verified);
    client.setQueryData(verificationKeys.chat(accountId, conversationId), { leaves, verified });
  }, [client, accountId, conversationId, leaves]);

  return {
    leaves,
    loaded: query.isSuccess,
    status: leaves ? verificationStatus(leaves, query.data?.verified ?? null) : 'unverified',
    markVerified,
  };
}
