import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  createTestServer,
  describeEachDialect,
  GENEROUS_RATE_LIMITS,
  type TestServer,
} from './helpers/harness.js';
import { countRows, csrfHeaders, signUp, TEST_PASSWORD, useWebDist } from './helpers/auth.js';

const validSignUp = {
  username: 'carol',
  email: 'carol@example.test',
  password: TEST_PASSWORD,
  password_confirmation: TEST_PASSWORD,
  agreement: true,
};

describeEachDialect('sign-up, sign-in and sign-out', (dialect) => {
  let server: TestServer;
  const dist = useWebDist();
  beforeAll(async () => {
    server = await createTestServer(dialect, { webDistDir: dist.dir });
  });
  afterAll(async () => server.close());
  beforeEach(async () => {
    await server.db.deleteFrom('server_settings').execute();
    await server.db.deleteFrom('accounts').execute();
  });

  const setMode = (mode: string) =>
    server.db.insertInto('server_settings').values({ key: 'registrations_mode', value: mode }).execute();

  const signIn = (login: string, password = TEST_PASSWORD, extra: Record<string, unknown> = {}) =>
    server.app.inject({
      method: 'POST',
      url: '/auth/sign_in',
      ...csrfHeaders(),
      payload: { login, password, ...extra },
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
    expect(state.identity).toMatchObject({
      signedIn: true,
      username: 'Alice',
      permissions: 0,
      disabledAccountId: null,
    });
    expect(state.accessToken).toEqual(expect.any(String));
  });

  it('signs in with the username or the email in any case, and refuses wrong passwords', async () => {
    await signUp(server, { username: 'bob', email: 'Bob@Example.test' });
    await server.db.updateTable('accounts').set({ last_active_at: null }).execute();
    for (const login of ['BOB', 'bob@example.TEST', '@bob']) {
      const response = await signIn(login);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ redirect_to: '/' });
      expect(response.cookies.find((c) => c.name === '_palchat_session')?.value).toBeTruthy();
    }
    const bob = await server.db
      .selectFrom('accounts')
      .selectAll()
      .where('username', '=', 'bob')
      .executeTakeFirst();
    expect(bob?.last_active_at).toBeTruthy();
    for (const [login, password] of [
      ['bob', 'wrong password'],
      ['nobody', TEST_PASSWORD],
      ['', ''],
    ] as const) {
      const wrong = await signIn(login, password);
      expect(wrong.statusCode).toBe(422);
      expect(wrong.json()).toEqual({ error: 'Invalid email or password.' });
      expect(wrong.cookies.find((c) => c.name === '_palchat_session')).toBeUndefined();
    }
  });

  it('returns a same-site redirect_to from the sign-in body, never another site', async () => {
    await signUp(server, { username: 'dora', email: 'dora@example.test' });
    expect(
      (await signIn('dora', TEST_PASSWORD, { redirect_to: '/oauth/authorize?client_id=x' })).json(),
    ).toEqual({
      redirect_to: '/oauth/authorize?client_id=x',
    });
    expect((await signIn('dora', TEST_PASSWORD, { redirect_to: '//evil.example/' })).json()).toEqual({
      redirect_to: '/',
    });
    expect((await signIn('dora', TEST_PASSWORD, { redirect_to: 'https://evil.example/' })).json()).toEqual({
      redirect_to: '/',
    });
  });

  describe('redirect_to in the query string, as the sign-in and sign-up pages send it (issue 31 item 2)', () => {
    const authorize =
      '/oauth/authorize?response_type=code&client_id=abc&redirect_uri=http%3A%2F%2Fapp.test%2Fcb';
    const withRedirect = (path: string, redirectTo: string) =>
      `${path}?redirect_to=${encodeURIComponent(redirectTo)}`;
    const signUpTo = (redirectTo: string, extra: Record<string, unknown> = {}) =>
      server.app.inject({
        method: 'POST',
        url: withRedirect('/auth/sign_up', redirectTo),
        ...csrfHeaders(),
        payload: { ...validSignUp, ...extra },
      });

    it("signs in back to an app's authorization page, and to nowhere else", async () => {
      await signUp(server, { username: 'dora', email: 'dora@example.test' });
      const signInTo = (redirectTo: string) =>
        server.app.inject({
          method: 'POST',
          url: withRedirect('/auth/sign_in', redirectTo),
          ...csrfHeaders(),
          payload: { login: 'dora', password: TEST_PASSWORD },
        });
      expect((await signInTo(authorize)).json()).toEqual({ redirect_to: authorize });
      for (const evil of [
        '//evil.example/',
        '/\\evil.example',
        'https://evil.example/',
        'javascript:alert(1)',
      ]) {
        expect((await signInTo(evil)).json(), evil).toEqual({ redirect_to: '/' });
      }
    });

    it('signs up back to it instead of /start', async () => {
      const response = await signUpTo(authorize);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ redirect_to: authorize });
      expect(response.cookies.find((c) => c.name === '_palchat_session')).toBeDefined();
      expect(
        (await signUpTo('//evil.example/', { username: 'erin', email: 'erin@example.test' })).json(),
      ).toEqual({ redirect_to: '/start' });
    });

    it('sends a sign-up awaiting approval to the sign-in page, still headed there', async () => {
      await setMode('approval');
      const response = await signUpTo(authorize, { reason: 'I know the people here' });
      expect(response.json()).toEqual({
        redirect_to: withRedirect('/auth/sign_in', authorize),
        pending: true,
      });
    });
  });

  it('lets disabled accounts sign in (the client shows a banner) and flags them in the identity', async () => {
    await signUp(server, { username: 'erin', email: 'erin@example.test' });
    await server.db.updateTable('accounts').set({ disabled: 1 }).where('username', '=', 'erin').execute();
    const response = await signIn('erin');
    expect(response.statusCode).toBe(200);
    const session = response.cookies.find((c) => c.name === '_palchat_session')?.value ?? '';
    const state = dist.stateOf(
      (await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body,
    );
    expect(state.identity.signedIn).toBe(true);
    expect(state.identity.disabledAccountId).toBe(state.identity.accountId);
  });

  it('signs out: deletes the session and its token, clears the cookie', async () => {
    const signedUp = await signUp(server, { username: 'finn', email: 'finn@example.test' });
    const session = signedUp.cookies.find((c) => c.name === '_palchat_session')?.value ?? '';
    const token = dist.stateOf(
      (await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body,
    ).accessToken;
    expect(await countRows(server, 'sessions')).toBe(1);

    const response = await server.app.inject({
      method: 'DELETE',
      url: '/auth/sign_out',
      ...csrfHeaders({ _palchat_session: session }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirect_to: '/auth/sign_in' });
    const cleared = response.cookies.find((c) => c.name === '_palchat_session');
    expect(cleared?.value).toBe('');
    expect(await countRows(server, 'sessions')).toBe(0);

    const withToken = await server.app.inject({
      url: '/api/web/settings',
      headers: { authorization: `Bearer ${token ?? ''}` },
    });
    expect(withToken.statusCode).toBe(401);
    const page = await server.app.inject({ url: '/', cookies: { _palchat_session: session } });
    expect(dist.stateOf(page.body).identity.signedIn).toBe(false);

    const postSignOut = await server.app.inject({ method: 'POST', url: '/auth/sign_out', ...csrfHeaders() });
    expect(postSignOut.json()).toEqual({ redirect_to: '/auth/sign_in' });
  });

  describe('validation', () => {
    const cases: [string, Record<string, unknown>, string, string][] = [
      ['blank username', { username: '' }, 'username', "Username can't be blank"],
      [
        'username with other characters',
        { username: 'bad name!' },
        'username',
        'Username must contain only letters, numbers and underscores',
      ],
      [
        'username too long',
        { username: 'a'.repeat(31) },
        'username',
        'Username must be at most 30 characters',
      ],
      ['reserved username', { username: 'Admin' }, 'username', 'Username is reserved'],
      ['taken username (any case)', { username: 'TAKEN' }, 'username', 'Username is already taken'],
      ['invalid email', { email: 'not-an-email' }, 'email', 'Email is invalid'],
      ['taken email (any case)', { email: 'Taken@Example.test' }, 'email', 'Email is already taken'],
      [
        'short password',
        { password: 'short', password_confirmation: 'short' },
        'password',
        'Password must be at least 8 characters',
      ],
      [
        'confirmation mismatch',
        { password_confirmation: 'something else' },
        'password_confirmation',
        'Password confirmation does not match',
      ],
      [
        'no agreement',
        { agreement: false },
        'agreement',
        'You must agree to the server rules and terms of service',
      ],
    ];

    it.each(cases)('refuses a %s with 422 and writes nothing', async (_title, change, field, message) => {
      await signUp(server, { username: 'taken', email: 'taken@example.test' });
      const before = [await countRows(server, 'accounts'), await countRows(server, 'users')];
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/sign_up',
        ...csrfHeaders(),
        payload: { ...validSignUp, ...change },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ error: string; details: Record<string, string[]> }>();
      expect(body.error).toBe(message);
      expect(body.details[field]).toEqual([message]);
      expect([await countRows(server, 'accounts'), await countRows(server, 'users')]).toEqual(before);
      expect(response.cookies.find((c) => c.name === '_palchat_session')).toBeUndefined();
    });

    it('reports every invalid field, the first one as the error', async () => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/sign_up',
        ...csrfHeaders(),
        payload: { username: '', email: 'x', password: '1' },
      });
      expect(response.statusCode).toBe(422);
      const body = response.json<{ error: string; details: Record<string, string[]> }>();
      expect(body.error).toBe("Username can't be blank");
      expect(Object.keys(body.details)).toEqual([
        'username',
        'email',
        'password',
        'password_confirmation',
        'agreement',
      ]);
      expect(await countRows(server, 'accounts')).toBe(0);
    });
  });

  it('refuses sign-ups when registrations are closed', async () => {
    await setMode('closed');
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      ...csrfHeaders(),
      payload: validSignUp,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ error: 'Registrations are closed.' });
    expect(await countRows(server, 'accounts')).toBe(0);
  });

  it('in approval mode, requires a reason, creates a pending account without a session, refuses its sign-in', async () => {
    await setMode('approval');
    const noReason = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      ...csrfHeaders(),
      payload: validSignUp,
    });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json()).toMatchObject({ details: { reason: ['Please tell us why you want to join'] } });
    expect(await countRows(server, 'accounts')).toBe(0);

    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      ...csrfHeaders(),
      payload: { ...validSignUp, reason: 'I know the people here' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ redirect_to: '/auth/sign_in', pending: true });
    expect(response.cookies.find((c) => c.name === '_palchat_session')).toBeUndefined();
    expect(await countRows(server, 'sessions')).toBe(0);

    const pending = await signIn('carol');
    expect(pending.statusCode).toBe(403);
    expect(pending.json()).toEqual({ error: 'Your account is pending review by our staff.' });

    await server.db.updateTable('accounts').set({ approved: 1 }).execute();
    expect((await signIn('carol')).statusCode).toBe(200);
  });

  describe('CSRF', () => {
    it('refuses auth forms and cookie-authenticated writes without the right header, accepts them with it', async () => {
      const missing = await server.app.inject({ method: 'POST', url: '/auth/sign_up', payload: validSignUp });
      expect(missing.statusCode).toBe(403);
      expect(missing.json()).toEqual({ error: "Can't verify CSRF token authenticity." });
      expect(await countRows(server, 'accounts')).toBe(0);

      const session = (await signUp(server, { username: 'gus', email: 'gus@example.test' })).cookies.find(
        (c) => c.name === '_palchat_session',
      )?.value as string;
      const cookies = { _palchat_session: session };
      const payload = { layout: 'mobile' };
      const noHeader = await server.app.inject({ method: 'PUT', url: '/api/web/settings', cookies, payload });
      expect(noHeader.statusCode).toBe(403);
      expect(noHeader.json()).toEqual({ error: "Can't verify CSRF token authenticity." });
      const wrongHeader = await server.app.inject({
        method: 'PUT',
        url: '/api/web/settings',
        cookies,
        headers: { 'x-csrf-token': 'wrong' },
        payload,
      });
      expect(wrongHeader.statusCode).toBe(403);
      expect(wrongHeader.json()).toEqual({ error: "Can't verify CSRF token authenticity." });
      const rightHeader = await server.app.inject({
        method: 'PUT',
        url: '/api/web/settings',
        cookies,
        headers: csrfHeaders(cookies).headers,
        payload,
      });
      expect(rightHeader.statusCode).toBe(200);
      expect(rightHeader.json()).toMatchObject({ layout: 'mobile' });
    });
  });

  describe('bearer tokens', () => {
    it("accepts the page's access token as a bearer token without CSRF, refuses a wrong one with 401", async () => {
      const session = (await signUp(server, { username: 'hana', email: 'hana@example.test' })).cookies.find(
        (c) => c.name === '_palchat_session',
      )?.value as string;
      const token = dist.stateOf(
        (await server.app.inject({ url: '/', cookies: { _palchat_session: session } })).body,
      ).accessToken as string;
      const ok = await server.app.inject({
        method: 'PUT',
        url: '/api/web/settings',
        headers: { authorization: `Bearer ${token}` },
        payload: { introductionVersion: 5 },
      });
      expect(ok.statusCode).toBe(200);
      expect(ok.json()).toMatchObject({ introductionVersion: 5 });
      const wrong = await server.app.inject({
        url: '/api/web/settings',
        headers: { authorization: 'Bearer not-a-token' },
      });
      expect(wrong.statusCode).toBe(401);
      expect(wrong.json()).toEqual({ error: 'The access token is invalid' });
    });
  });
});

describeEachDialect('sign-in and sign-up rate limits', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer(dialect, {
      rateLimit: { ...GENEROUS_RATE_LIMITS, signInPer5Minutes: 2, signUpPer30Minutes: 1 },
    });
  });
  afterAll(async () => server.close());

  it('answers 429 after the per-IP sign-in limit', async () => {
    const attempt = () =>
      server.app.inject({
        method: 'POST',
        url: '/auth/sign_in',
        ...csrfHeaders(),
        payload: { login: 'x', password: 'y' },
      });
    expect((await attempt()).statusCode).toBe(422);
    expect((await attempt()).statusCode).toBe(422);
    const limited = await attempt();
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ error: 'Too many requests' });
  });

  it('shares the sign-up limit between the page endpoint and POST /api/v1/accounts', async () => {
    expect((await signUp(server, { username: 'ivy', email: 'ivy@example.test' })).statusCode).toBe(200);
    const page = await signUp(server, { username: 'jay', email: 'jay@example.test' });
    expect(page.statusCode).toBe(429);
    expect(page.json()).toEqual({ error: 'Too many requests' });
    const api = await server.app.inject({ method: 'POST', url: '/api/v1/accounts', payload: {} });
    expect(api.statusCode).toBe(429);
    expect(await countRows(server, 'accounts')).toBe(1);
  });
});
