import { useQuery } from '@tanstack/react-query';
import type { LocalDevice } from '../messages';
import { useInitialState } from '../../platform/initial-state-context';

/**
 * This browser's own device (its id lives in this browser's storage, the server cannot tell it from the account's
 * other ones), from the message box's encrypted-chat session: which row is "This device", and forgetting this
 * browser's keys when that row is removed.
 */
export function useThisDevice() {
  const accountId = useInitialState().identity.accountId;
  return useQuery({
    queryKey: ['settings', 'this-device', accountId],
    enabled: accountId !== null,
    staleTime: Infinity,
    queryFn: async (): Promise<LocalDevice> => {
      const { localDevice } = await import('../messages');
      return localDevice(accountId ?? '');
    },
  });
}
