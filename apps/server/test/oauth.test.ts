import crypto from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applicationSchema, tokenSchema, type Application } from '@palchat/api';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { countRows, signUpSession, TEST_PASSWORD } from './helpers/auth.js';

const REDIRECT = 'https://client.example/callback';
const OOB = 'urn:ietf:wg:oauth:2.0:oob';

describeEachDialect('OAuth for third-party clients', (dialect) => {
  let server: TestServer;
  let session: string;
  let app: Application;

  beforeAll(async () => {
    server = await createTestServer(dialect);
    session = await signUpSession(server, 'olivia');
    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/apps',
      payload: {
        client_name: 'Test Client',
        redirect_uris: [REDIRECT, OOB],
        scopes: 'read write follow',
        website: 'https://client.example',
      },
    });
    expect(created.statusCode).toBe(200);
    app = applicationSchema.parse(created.json());
  });
  afterAll(async () => server.close());

  const authorizeQuery = (extra: Record<string, string> = {}) =>
    new URLSearchParams({
      response_type: 'code',
      client_id: app.client_id ?? '',
      redirect_uri: REDIRECT,
      scope: 'read write',
      state: 'xyz',
      ...extra,
    });

  /** Opens the consent page as olivia and returns the CSRF token of its form. */
  async function openConsent(query: URLSearchParams) {
    const page = await server.app.inject({
      url: `/oauth/authorize?${query.toString()}`,
      cookies: { _palchat_session: session },
    });
    expect(page.statusCode).toBe(200);
    const csrf = /name="authenticity_token" value="([^"]+)"/.exec(page.body)?.[1] ?? '';
    return { page, csrf };
  }

  async function consent(query: URLSearchParams, decision: 'authorize' | 'deny') {
    const { csrf } = await openConsent(query);
    const form = new URLSearchParams(query);
    form.set('authenticity_token', csrf);
    form.set('decision', decision);
    return server.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      cookies: { _palchat_session: session, _palchat_csrf: csrf },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
  }

  const token = (payload: Record<string, string>) =>
    server.app.inject({ method: 'POST', url: '/oauth/token', payload });

  it('registers an app with Mastodon’s Application shape', () => {
    expect(app).toMatchObject({
      name: 'Test Client',
      website: 'https://client.example',
      scopes: ['read', 'write', 'follow'],
      redirect_uris: [REDIRECT, OOB],
      redirect_uri: `${REDIRECT}\n${OOB}`,
    });
    expect(app.client_id).toBeTruthy();
    expect(app.client_secret).toBeTruthy();
  });

  it('refuses invalid app registrations with 422', async () => {
    for (const payload of [
      { redirect_uris: REDIRECT },
      { client_name: 'x' },
      { client_name: 'x', redirect_uris: 'not a uri' },
      { client_name: 'x', redirect_uris: REDIRECT, scopes: 'read everything' },
    ]) {
      const response = await server.app.inject({ method: 'POST', url: '/api/v1/apps', payload });
      expect(response.statusCode).toBe(422);
      expect(response.json<{ error: string }>().error).toMatch(/^Validation failed: /);
    }
  });

  it('sends signed-out visitors to the sign-in page and back', async () => {
    const url = `/oauth/authorize?${authorizeQuery().toString()}`;
    const response = await server.app.inject({ url });
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`/auth/sign_in?redirect_to=${encodeURIComponent(url)}`);
  });

  it('runs the whole flow: consent → code → token → verify_credentials → revoke → 401', async () => {
    const { page } = await openConsent(authorizeQuery());
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('Test Client');
    expect(page.body).toContain('Authorize');
    expect(page.body).toContain('Deny');
    expect(page.body).toContain('Read all your account data');
    expect(page.body).toContain('@olivia');

    const redirect = await consent(authorizeQuery(), 'authorize');
    expect(redirect.statusCode).toBe(302);
    const location = new URL(redirect.headers.location as string);
    expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
    expect(location.searchParams.get('state')).toBe('xyz');
    const code = location.searchParams.get('code') as string;
    expect(code).toBeTruthy();

    const exchange = {
      grant_type: 'authorization_code',
      code,
      client_id: app.client_id as string,
      client_secret: app.client_secret as string,
      redirect_uri: REDIRECT,
    };
    const issued = await token(exchange);
    expect(issued.statusCode).toBe(200);
    const entity = tokenSchema.parse(issued.json());
    expect(entity).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(Math.abs(entity.created_at - Date.now() / 1000)).toBeLessThan(60);

    const reused = await token(exchange);
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ error: 'invalid_grant' });

    const bearer = { authorization: `Bearer ${entity.access_token}` };
    const verified = await server.app.inject({ url: '/api/v1/apps/verify_credentials', headers: bearer });
    expect(verified.statusCode).toBe(200);
    expect(verified.json()).toMatchObject({ name: 'Test Client', scopes: ['read', 'write', 'follow'] });
    expect(verified.json()).not.toHaveProperty('client_secret');
    const account = await server.app.inject({ url: '/api/v1/accounts/verify_credentials', headers: bearer });
    expect(account.statusCode).toBe(200);
    expect(account.json()).toMatchObject({ username: 'olivia' });

    const revoked = await server.app.inject({
      method: 'POST',
      url: '/oauth/revoke',
      payload: { client_id: app.client_id, client_secret: app.client_secret, token: entity.access_token },
    });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json()).toEqual({});
    for (const url of ['/api/v1/apps/verify_credentials', '/api/v1/accounts/verify_credentials']) {
      expect((await server.app.inject({ url, headers: bearer })).statusCode).toBe(401);
    }
  });

  it('refuses a consent form without its CSRF token', async () => {
    const form = authorizeQuery();
    form.set('decision', 'authorize');
    const response = await server.app.inject({
      method: 'POST',
      url: '/oauth/authorize',
      cookies: { _palchat_session: session, _palchat_csrf: 'cookie-value' },
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: "Can't verify CSRF token authenticity." });
  });

  it('redirects with access_denied when the person denies', async () => {
    const response = await consent(authorizeQuery(), 'deny');
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location as string);
    expect(location.searchParams.get('error')).toBe('access_denied');
    expect(location.searchParams.get('state')).toBe('xyz');
    expect(location.searchParams.has('code')).toBe(false);
  });

  it('shows the code on the page for the out-of-band redirect URI', async () => {
    const query = authorizeQuery({ redirect_uri: OOB, scope: 'read' });
    const response = await consent(query, 'authorize');
    expect(response.statusCode).toBe(200);
    const code = /class="code" type="text" readonly value="([^"]+)"/.exec(response.body)?.[1] ?? '';
    expect(code).toBeTruthy();
    const issued = await token({
      grant_type: 'authorization_code',
      code,
      client_id: app.client_id as string,
      client_secret: app.client_secret as string,
      redirect_uri: OOB,
    });
    expect(issued.statusCode).toBe(200);
    expect(issued.json()).toMatchObject({ scope: 'read' });
  });

  it('supports PKCE (S256): the verifier replaces the secret, a wrong one is refused', async () => {
    const verifier = crypto.randomBytes(32).toString('base64url');
    const challenge = crypto.createHash('sha256').update(verifier).digest('base64url');
    const codeFor = async () => {
      const response = await consent(
        authorizeQuery({ code_challenge: challenge, code_challenge_method: 'S256' }),
        'authorize',
      );
      return new URL(response.headers.location as string).searchParams.get('code') as string;
    };
    const base = {
      grant_type: 'authorization_code',
      client_id: app.client_id as string,
      redirect_uri: REDIRECT,
    };
    // RFC 7636 §4.6: a grant made with a challenge needs its verifier, even with the client secret
    const missing = await token({
      ...base,
      code: await codeFor(),
      client_secret: app.client_secret as string,
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ error: 'invalid_grant' });
    const wrong = await token({ ...base, code: await codeFor(), code_verifier: 'x'.repeat(43) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toMatchObject({ error: 'invalid_grant' });
    const right = await token({ ...base, code: await codeFor(), code_verifier: verifier });
    expect(right.statusCode).toBe(200);
  });

  it('refuses unknown clients, redirect URIs and scopes on the consent page', async () => {
    for (const query of [
      authorizeQuery({ client_id: 'nope' }),
      authorizeQuery({ redirect_uri: 'https://evil.example/' }),
      authorizeQuery({ scope: 'admin:write' }),
    ]) {
      const response = await server.app.inject({
        url: `/oauth/authorize?${query.toString()}`,
        cookies: { _palchat_session: session },
      });
      expect(response.statusCode).toBe(400);
      expect(response.headers['content-type']).toContain('text/html');
      expect(response.headers.location).toBeUndefined();
    }
  });

  it('answers RFC 6749 errors on /oauth/token', async () => {
    const badSecret = await token({
      grant_type: 'client_credentials',
      client_id: app.client_id as string,
      client_secret: 'wrong',
    });
    expect(badSecret.statusCode).toBe(401);
    expect(badSecret.json()).toMatchObject({ error: 'invalid_client' });
    const password = await token({ grant_type: 'password', client_id: app.client_id as string });
    expect(password.statusCode).toBe(400);
    expect(password.json()).toMatchObject({ error: 'unsupported_grant_type' });
  });

  it('registers an account through POST /api/v1/accounts with a client_credentials token', async () => {
    const appToken = tokenSchema.parse(
      (
        await token({
          grant_type: 'client_credentials',
          client_id: app.client_id as string,
          client_secret: app.client_secret as string,
          scope: 'read write',
        })
      ).json(),
    );
    const headers = { authorization: `Bearer ${appToken.access_token}` };
    const verified = await server.app.inject({ url: '/api/v1/apps/verify_credentials', headers });
    expect(verified.json()).toMatchObject({ name: 'Test Client' });

    const before = await countRows(server, 'accounts');
    const invalid = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers,
      payload: { username: 'olivia', email: 'bad', password: TEST_PASSWORD, agreement: true },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toEqual({
      error: 'Validation failed: Username has already been taken, Email is invalid',
      details: {
        username: [{ error: 'ERR_TAKEN', description: 'has already been taken' }],
        email: [{ error: 'ERR_INVALID', description: 'is invalid' }],
      },
    });
    expect(await countRows(server, 'accounts')).toBe(before);

    // an empty sign-up: every problem, in Mastodon's shape and Rails' phrasing (docs /methods/accounts/#create)
    const empty = await server.app.inject({ method: 'POST', url: '/api/v1/accounts', headers, payload: {} });
    expect(empty.statusCode).toBe(422);
    expect(empty.json()).toEqual({
      error:
        "Validation failed: Username can't be blank, Email can't be blank, Password can't be blank, Agreement must be accepted",
      details: {
        username: [{ error: 'ERR_BLANK', description: "can't be blank" }],
        email: [{ error: 'ERR_BLANK', description: "can't be blank" }],
        password: [{ error: 'ERR_BLANK', description: "can't be blank" }],
        agreement: [{ error: 'ERR_ACCEPTED', description: 'must be accepted' }],
      },
    });
    expect(await countRows(server, 'accounts')).toBe(before);

    const anonymous = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      payload: { username: 'pat', email: 'pat@example.test', password: TEST_PASSWORD, agreement: 'true' },
    });
    expect(anonymous.statusCode).toBe(401);

    const created = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers,
      payload: {
        username: 'pat',
        email: 'pat@example.test',
        password: TEST_PASSWORD,
        agreement: 'true',
        locale: 'en',
      },
    });
    expect(created.statusCode).toBe(200);
    const userToken = tokenSchema.parse(created.json());
    expect(userToken).toMatchObject({ token_type: 'Bearer', scope: 'read write' });
    expect(await countRows(server, 'accounts')).toBe(before + 1);
    const settings = await server.app.inject({
      url: '/api/web/settings',
      headers: { authorization: `Bearer ${userToken.access_token}` },
    });
    expect(settings.statusCode).toBe(200);

    await server.db
      .insertInto('server_settings')
      .values({ key: 'registrations_mode', value: 'closed' })
      .execute();
    const closed = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers,
      payload: { username: 'quinn', email: 'quinn@example.test', password: TEST_PASSWORD, agreement: true },
    });
    expect(closed.statusCode).toBe(403);
    expect(closed.json()).toEqual({ error: 'Registrations are closed.' });
    await server.db.deleteFrom('server_settings').execute();
  });

  it('refuses app tokens without write:accounts for registration', async () => {
    const readOnly = tokenSchema.parse(
      (
        await token({
          grant_type: 'client_credentials',
          client_id: app.client_id as string,
          client_secret: app.client_secret as string,
        })
      ).json(),
    );
    expect(readOnly.scope).toBe('read');
    const response = await server.app.inject({
      method: 'POST',
      url: '/api/v1/accounts',
      headers: { authorization: `Bearer ${readOnly.access_token}` },
      payload: { username: 'rita', email: 'rita@example.test', password: TEST_PASSWORD, agreement: true },
    });
    expect(response.statusCode).toBe(403);
  });
});

describeEachDialect('the masto client against the server', (dialect) => {
  let server: TestServer;
  let url: string;
  beforeAll(async () => {
    server = await createTestServer(dialect);
    await server.app.listen({ host: '127.0.0.1', port: 0 });
    const address = server.app.server.address();
    url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;
  });
  afterAll(async () => server.close());

  it('reads the instance, registers an app, gets an app token and creates an account', async () => {
    const { createOAuthAPIClient, createRestAPIClient } = await import('masto');
    const rest = createRestAPIClient({ url });
    const instance = await rest.v2.instance.fetch();
    expect(instance.configuration.statuses.maxMediaAttachments).toBe(4);
    const app = await rest.v1.apps.create({ clientName: 'masto', redirectUris: OOB, scopes: 'read write' });
    const token = await createOAuthAPIClient({ url }).token.create({
      grantType: 'client_credentials',
      redirectUri: OOB,
      clientId: app.clientId ?? '',
      clientSecret: app.clientSecret ?? '',
      scope: 'read write',
    });
    const asApp = createRestAPIClient({ url, accessToken: token.accessToken });
    const created = await asApp.v1.accounts.create({
      username: 'mastouser',
      email: 'masto@example.test',
      password: TEST_PASSWORD,
      agreement: true,
      locale: 'en',
    });
    expect(created.tokenType).toBe('Bearer');
    const asUser = createRestAPIClient({ url, accessToken: created.accessToken });
    expect((await asUser.v1.accounts.verifyCredentials()).username).toBe('mastouser');
  });
});
