import { useCallback } from 'react';
import { useIntl, type MessageDescriptor } from 'react-intl';
import { ApiError } from '../../../api/client';
import { m } from '../messages';
import { useNotifications } from '../state/notifications';

/** The server's own error text when it sent one (SPEC §8), else null. */
export function serverError(error: unknown): string | null {
  if (error instanceof ApiError) return error.message;
  return null;
}

/**
 * Runs a box action and reports its outcome in the box: the success text, or the failure fallback of SPEC §8
 * followed by the server's reason when there is one.
 */
export function useAction() {
  const intl = useIntl();
  const { notify } = useNotifications();
  return useCallback(
    async (
      work: () => Promise<unknown>,
      texts: { failure: MessageDescriptor; success?: MessageDescriptor },
    ): Promise<boolean> => {
      try {
        await work();
        if (texts.success) notify('success', intl.formatMessage(texts.success));
        return true;
      } catch (error) {
        const action = intl.formatMessage(texts.failure);
        const reason = serverError(error);
        notify('error', reason ? intl.formatMessage(m.errorWithReason, { action, error: reason }) : action);
        return false;
      }
    },
    [intl, notify],
  );
}
