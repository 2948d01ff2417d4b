import { describe, expect, it } from 'vitest';
import { userSettingsSchema, type InitialState } from '@palchat/api';
import { applyLocale, applyTheme, injectInitialState, scriptSafeJson } from './page.js';

const state = {
  identity: {
    signedIn: false,
    accountId: null,
    username: null,
    permissions: 0,
    disabledAccountId: null,
    movedToAccountId: null,
  },
  settings: userSettingsSchema.parse({}),
  csrfToken: 't',
  accessToken: null,
  server: {
    domain: 'example.test',
    title: '</script><script>alert(1)</script>',
    version: '1',
    registrationsMode: 'open',
    signUpUrl: '/auth/sign_up',
    ssoRedirect: null,
    singleUserAccount: null,
    explorePageEnabled: true,
    publicTimelinesVisible: true,
    maxMediaAttachments: 4,
  },
  account: null,
  instance: null,
} satisfies InitialState;

describe('page initial state', () => {
  it('escapes characters that could close the script element', () => {
    const json = scriptSafeJson(state);
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual(state);
  });

  it('injects the state before </head>', () => {
    const html = injectInitialState('<html><head><title>x</title></head><body></body></html>', state);
    expect(html).toMatch(
      /<title>x<\/title><script id="initial-state" type="application\/json">.*<\/script><\/head>/,
    );
    expect(html.match(/<\/script>/g)).toHaveLength(1);
  });
});

describe('page theme', () => {
  const page = '<!doctype html>\n<html lang="en">\n<head></head></html>';

  it('marks <html> with a chosen theme before anything paints', () => {
    expect(applyTheme(page, 'dark')).toContain('<html data-theme="dark" lang="en">');
    expect(applyTheme(page, 'high-contrast')).toContain('<html data-theme="high-contrast" lang="en">');
  });

  it('leaves the page to the system colours when the theme follows the system', () => {
    expect(applyTheme(page, 'system')).toBe(page);
  });
});

describe('applyLocale', () => {
  it('names the language and its direction on <html>, replacing the built lang and keeping the rest', () => {
    const page = '<!doctype html>\n<html lang="en" data-theme="dark">\n<head></head></html>';
    expect(applyLocale(page, 'fa')).toContain('<html data-theme="dark" lang="fa" dir="rtl">');
    expect(applyLocale(page, 'pt-BR')).toContain('<html data-theme="dark" lang="pt-BR" dir="ltr">');
    expect(applyLocale('<html><head></head></html>', 'ja')).toBe(
      '<html lang="ja" dir="ltr"><head></head></html>',
    );
  });
});
