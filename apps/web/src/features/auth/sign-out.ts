import { api } from '../../api/client';

/** DELETE /auth/sign_out, then a full page load of where the server sends us. */
export async function signOut(): Promise<void> {
  const answer = await api.delete<{ redirect_to?: string }>('/auth/sign_out');
  window.location.assign(answer?.redirect_to ?? '/');
}
