import { useQuery } from '@tanstack/react-query';
import { ApiError } from '../../api/client';
import { useDebounced } from '../../platform/use-debounced';
import { accounts } from '../account';
import { authKeys } from './query-keys';
import { usernameProblem } from './sign-up-rules';

/** How long typing pauses before the name is looked up. */
export const USERNAME_CHECK_DELAY_MS = 400;

/**
 * Whether a local account already has this username, looked up once typing pauses: GET /api/v1/accounts/lookup
 * answers the account (taken) or 404 (free). Unknown (undefined) while waiting, for a malformed name, or when the
 * lookup fails: the server checks again on submit.
 */
export function useUsernameTaken(username: string): boolean | undefined {
  const settled = useDebounced(username.trim(), USERNAME_CHECK_DELAY_MS);
  const checkable = settled !== '' && usernameProblem(settled) === null && settled === username.trim();
  const lookup = useQuery({
    queryKey: authKeys.usernameTaken(settled),
    enabled: checkable,
    staleTime: 60_000,
    retry: false,
    queryFn: async ({ signal }) => {
      try {
        await accounts.lookup(settled, signal);
        return true;
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return false;
        throw error;
      }
    },
  });
  return checkable ? lookup.data : undefined;
}
