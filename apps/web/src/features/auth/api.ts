import { api } from '../../api/client';
import type { Redirect } from './auth-redirect';

export interface SignUpForm {
  username: string;
  email: string;
  password: string;
  password_confirmation: string;
  reason?: string;
  agreement: true;
  /** the interface language the account starts with */
  locale: string;
}

/** Where the server sends the browser next (`redirect_to`) is asked for in the query string. */
const redirectQuery = (requested: string | null) => (requested ? { redirect_to: requested } : undefined);

/** The session endpoints of the sign-in and sign-up pages (not the API: they answer where to go next). */
export const sessions = {
  signIn: (login: string, password: string, requested: string | null) =>
    api.post<Redirect>('/auth/sign_in', { login, password }, { query: redirectQuery(requested) }),
  signUp: (form: SignUpForm, requested: string | null) =>
    api.post<Redirect>('/auth/sign_up', form, { query: redirectQuery(requested) }),
};
