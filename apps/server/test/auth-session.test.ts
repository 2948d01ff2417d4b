import { afterAll, beforeAll, beforeEach, expect, it } from 'vitest';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { countRows, csrfHeaders, signUp, useWebDist } from './helpers/auth.js';

describeEachDialect('sign-up, sign-in and sign-out', (dialect) => {
  let server: TestServer;
  const dist = useWebDist();
  beforeAll(async () => {
    server = await createTestServer(dialect, { webDistDir: dist.dir });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await server.db.deleteFrom('server_settings').execute();
  });

  it('signs up, lands on /start with a session cookie and the page shows the signed-in identity', async () => {
    const response = await signUp(server, { username: 'Alice', email: 'alice@example.test' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirect_to: '/start' });
    const cookie = response.cookies.find((c) => c.name === '_palchat_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');

    const page = await server.app.inject({
      method: 'GET',
      url: '/home',
      cookies: { _palchat_session: cookie?.value ?? '' },
    });
    expect(page.statusCode).toBe(200);
    const state = dist.stateOf(page.body);
    expect(state.identity).toMatchObject({ signedIn: true, username: 'Alice', permissions: 0 });
    expect(state.accessToken).toEqual(expect.any(String));
  });

  it('signs in with the username or the email in any case, and signs out', async () => {
    await signUp(server, { username: 'bob', email: 'Bob@Example.test' });
    for (const login of ['BOB', 'bob@example.TEST']) {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/sign_in',
        ...csrfHeaders(),
        payload: { login, password: 'correct horse' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ redirect_to: '/' });
    }
    const wrong = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      ...csrfHeaders(),
      payload: { login: 'bob', password: 'wrong password' },
    });
    expect(wrong.statusCode).toBe(422);
    expect(wrong.json()).toEqual({ error: 'Invalid email or password.' });
    const unknown = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      ...csrfHeaders(),
      payload: { login: 'nobody', password: 'correct horse' },
    });
    expect(unknown.json()).toEqual({ error: 'Invalid email or password.' });
  });

  it('keeps a bounded count', async () => {
    expect(await countRows(server, 'accounts')).toBeGreaterThan(0);
  });
});
