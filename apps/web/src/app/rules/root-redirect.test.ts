import { describe, expect, it } from 'vitest';
import { rootRedirectPath } from './root-redirect';

describe('rootRedirectPath when signed in', () => {
  it('sends a first launch of a new account to /start', () => {
    expect(rootRedirectPath({ signedIn: true, forceOnboarding: true, layout: 'multi-column' })).toBe(
      '/start',
    );
  });
  it('sends single-column (and mobile) to /home', () => {
    expect(rootRedirectPath({ signedIn: true, forceOnboarding: false, layout: 'single-column' })).toBe(
      '/home',
    );
    expect(rootRedirectPath({ signedIn: true, forceOnboarding: false, layout: 'mobile' })).toBe('/home');
  });
  it('sends multi-column to /deck/getting-started', () => {
    expect(rootRedirectPath({ signedIn: true, forceOnboarding: false, layout: 'multi-column' })).toBe(
      '/deck/getting-started',
    );
  });
});

describe('rootRedirectPath when signed out', () => {
  const base = { signedIn: false as const, singleUserAccount: null, explorePageEnabled: false };
  it('goes to the single-user-mode account profile when configured', () => {
    expect(rootRedirectPath({ ...base, singleUserAccount: 'alice', explorePageEnabled: true })).toBe(
      '/@alice',
    );
  });
  it('goes to /explore when the explore page is enabled', () => {
    expect(rootRedirectPath({ ...base, explorePageEnabled: true })).toBe('/explore');
  });
  it('goes to /public/local otherwise', () => {
    expect(rootRedirectPath(base)).toBe('/public/local');
  });
});
