import { describe, expect, it } from 'vitest';
import { userSettingsSchema, type InitialState } from '@palchat/api';
import { injectInitialState, scriptSafeJson } from './page.js';

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
