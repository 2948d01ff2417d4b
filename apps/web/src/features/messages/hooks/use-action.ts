import { useCallback } from 'react';
import { ApiError } from '../../../api/client';
import { useBoxToast } from '../state/toasts';
import { useT } from '../../../platform/i18n/use-t';
import type { MessageId } from '../../../platform/i18n/messages';

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
  const t = useT();
  const notify = useBoxToast();
  return useCallback(
    async (
      work: () => Promise<unknown>,
      texts: { failure: MessageId; success?: MessageId },
    ): Promise<boolean> => {
      try {
        await work();
        if (texts.success) notify('success', t(texts.success));
        return true;
      } catch (error) {
        const action = t(texts.failure);
        const reason = serverError(error);
        notify('error', reason ? t('messages.error.with_reason', { action, error: reason }) : action);
        return false;
      }
    },
    [t, notify],
  );
}
