import { safeRedirectPath } from '@palchat/api';
import { useEffect } from 'react';
import { Navigate, useSearchParams } from 'react-router';

export interface Redirect {
  redirect_to?: string;
}

/** After signing in or up the page is loaded again, so that it carries the new identity. */
export function follow(answer: Redirect, fallback: string): void {
  window.location.assign(safeRedirectPath(answer.redirect_to, fallback));
}

/**
 * Where the visitor was going when sent to sign in (an app's /oauth/authorize link, a page of the client), if
 * anywhere: kept through the sign-in and sign-up pages and passed on to the server in the query string.
 */
export function useRequestedRedirect(): string | null {
  const [params] = useSearchParams();
  const requested = safeRedirectPath(params.get('redirect_to'), '');
  return requested || null;
}

/** The other auth page (sign in, sign up), still headed where the visitor was going (not a page elsewhere). */
export const authPage = (path: string, redirectTo: string | null): string =>
  redirectTo && path.startsWith('/auth/') ? `${path}?redirect_to=${encodeURIComponent(redirectTo)}` : path;

/** The server renders the OAuth pages: the client's router has no route for them, the browser must load them. */
export function GoOn({ to }: { to: string }) {
  const serverPage = to.startsWith('/oauth/');
  useEffect(() => {
    if (serverPage) window.location.replace(to);
  }, [serverPage, to]);
  return serverPage ? null : <Navigate replace to={to} />;
}
