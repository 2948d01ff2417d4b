export type SignUpAction =
  { kind: 'link'; href: string } | { kind: 'sso'; href: string } | { kind: 'closed-modal' };

export interface SignUpInput {
  registrationsMode: 'open' | 'approval' | 'closed';
  signUpUrl: string;
  ssoRedirect: string | null;
}

/** The sign-up button: SSO link when configured, a modal when registrations are closed, else the sign-up URL. */
export function signUpAction(input: SignUpInput): SignUpAction {
  if (input.ssoRedirect) return { kind: 'sso', href: input.ssoRedirect };
  if (input.registrationsMode === 'closed') return { kind: 'closed-modal' };
  return { kind: 'link', href: input.signUpUrl || '/auth/sign_up' };
}

/** /search and /publish are hidden in the header while the user is on them (SPEC §2 "Header"). */
export function headerLinkVisible(link: '/search' | '/publish', pathname: string): boolean {
  const trimmed = pathname.replace(/\/+$/, '');
  const here = trimmed.replace(/^\/deck/, '');
  if (link === '/publish') return here !== '/publish' && here !== '/statuses/new';
  return here !== '/search';
}
