import { api } from '../../api/client';

/**
 * Removes this browser's encrypted-chat device of the account (on the server and its keys here; a failure there
 * does not keep anyone signed in), then DELETE /auth/sign_out and a full page load of where the server sends us.
 */
export async function signOut(accountId: string | null): Promise<void> {
  // the message box's module is lazy: signing out is no reason to put it in every page's first load
  if (accountId)
    await import('../messages')
      .then(({ removeThisDevice }) => removeThisDevice(accountId))
      .catch(() => undefined);
  const answer = await api.delete<{ redirect_to?: string }>('/auth/sign_out');
  window.location.assign(answer?.redirect_to ?? '/');
}
