import { describe, expect, it } from 'vitest';
import { headerLinkVisible, signUpAction } from './header';

describe('signUpAction', () => {
  it('links to the SSO redirect when configured', () => {
    expect(
      signUpAction({ registrationsMode: 'closed', signUpUrl: '/auth/sign_up', ssoRedirect: '/sso' }),
    ).toEqual({
      kind: 'sso',
      href: '/sso',
    });
  });
  it('opens the closed-registrations modal when registrations are closed', () => {
    expect(
      signUpAction({ registrationsMode: 'closed', signUpUrl: '/auth/sign_up', ssoRedirect: null }),
    ).toEqual({
      kind: 'closed-modal',
    });
  });
  it('links to the sign-up URL otherwise, defaulting to /auth/sign_up', () => {
    expect(signUpAction({ registrationsMode: 'open', signUpUrl: '/join', ssoRedirect: null })).toEqual({
      kind: 'link',
      href: '/join',
    });
    expect(signUpAction({ registrationsMode: 'approval', signUpUrl: '', ssoRedirect: null })).toEqual({
      kind: 'link',
      href: '/auth/sign_up',
    });
  });
});

describe('headerLinkVisible', () => {
  it('hides /search while on it', () => {
    expect(headerLinkVisible('/search', '/search')).toBe(false);
    expect(headerLinkVisible('/search', '/home')).toBe(true);
  });
  it('hides /publish while on it or on /statuses/new', () => {
    expect(headerLinkVisible('/publish', '/publish')).toBe(false);
    expect(headerLinkVisible('/publish', '/statuses/new')).toBe(false);
    expect(headerLinkVisible('/publish', '/search')).toBe(true);
  });
});
