import { expect } from 'vitest';
import { csrfHeaders, TEST_PASSWORD } from './auth.js';

/** A cookie header of inject()-style cookies, for fetch(). */
const cookieHeader = (cookies: Record<string, string>): string =>
  Object.entries(cookies)
    .map(([name, value]) => `${name}=${value}`)
    .join('; ');

/**
 * What a user does between a third-party app opening `authorizeUrl` (GET /oauth/authorize?...) and the app
 * receiving its code: signs in on the web sign-in endpoint of the server at `baseUrl`, opens the consent page and
 * authorizes. Answers the authorization code the server redirects back with. Over real HTTP (fetch).
 */
export async function consentedCode(
  baseUrl: string,
  authorizeUrl: string,
  username: string,
): Promise<string> {
  const signedOut = csrfHeaders();
  const signIn = await fetch(`${baseUrl}/auth/sign_in`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...signedOut.headers,
      cookie: cookieHeader(signedOut.cookies),
    },
    body: JSON.stringify({ login: username, password: TEST_PASSWORD }),
  });
  expect(signIn.status).toBe(200);
  const session = /_palchat_session=([^;]+)/.exec(signIn.headers.get('set-cookie') ?? '')?.[1];
  expect(session).toBeTruthy();

  // the consent page's form carries the CSRF token of the new session
  const cookie = `_palchat_session=${session}`;
  const page = await fetch(authorizeUrl, { headers: { cookie } });
  expect(page.status).toBe(200);
  const authenticityToken = /name="authenticity_token" value="([^"]+)"/.exec(await page.text())?.[1];
  expect(authenticityToken).toBeTruthy();
  const consent = await fetch(`${baseUrl}/oauth/authorize`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
    body: new URLSearchParams({
      ...Object.fromEntries(new URL(authorizeUrl).searchParams),
      authenticity_token: authenticityToken ?? '',
      decision: 'authorize',
    }).toString(),
  });
  expect(consent.status).toBe(302);
  const code = new URL(consent.headers.get('location') ?? '').searchParams.get('code');
  expect(code).toBeTruthy();
  return code ?? '';
}
