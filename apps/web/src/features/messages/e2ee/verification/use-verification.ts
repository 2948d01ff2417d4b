import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { loadVerificationSource } from './verification-source';
import { verificationStatus, type ChatDevice, type VerificationStatus } from './verification-state';

const verificationKey = (accountId: string, conversationId: string) =>
  ['e2ee-verification', accountId, conversationId] as const;

export interface ChatVerification {
  /** null until the local group state is read, or when this device holds none for the chat */
  devices: ChatDevice[] | null;
  /** the local group state was read (devices stays null when this device holds none) */
  loaded: boolean;
  status: VerificationStatus;
  /** verifies every device now in the chat */
  markVerified: () => void;
}

/**
 * A chat's verification as this device sees it: read from the local group state when `enabled` (an encrypted
 * chat), and again whenever the device says a membership may have changed.
 */
export function useVerification(
  accountId: string,
  conversationId: string,
  enabled: boolean,
): ChatVerification {
  const client = useQueryClient();
  const queryKey = verificationKey(accountId, conversationId);
  const query = useQuery({
    queryKey,
    enabled,
    queryFn: async () => {
      const source = await loadVerificationSource(accountId);
      return { devices: (await source?.devices(conversationId)) ?? null };
    },
  });
  const mark = useMutation({
    mutationFn: async () => (await loadVerificationSource(accountId))?.markVerified(conversationId),
    onSettled: () => client.invalidateQueries({ queryKey }),
  });

  useEffect(() => {
    if (!enabled) return;
    let unsubscribe: (() => void) | null = null;
    let cancelled = false;
    void loadVerificationSource(accountId).then((source) => {
      if (cancelled || !source) return;
      unsubscribe = source.subscribe((changed) => {
        if (changed === null || changed === conversationId)
          void client.invalidateQueries({ queryKey: verificationKey(accountId, conversationId) });
      });
    });
    return () => {
      cancelled = true;
      unsubscribe?.();
    };
  }, [client, accountId, conversationId, enabled]);

  const devices = query.data?.devices ?? null;
  return {
    devices,
    loaded: query.isSuccess,
    status: devices ? verificationStatus(devices) : 'unverified',
    markVerified: () => mark.mutate(),
  };
}
