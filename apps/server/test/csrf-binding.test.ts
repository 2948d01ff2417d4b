import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildApp } from '../src/http/app.js';
import { createTestServer, describeEachDialect, type TestServer } from './helpers/harness.js';
import { TEST_PASSWORD, useWebDist } from './helpers/auth.js';
import { countOf } from './helpers/social.js';

const REFUSED = { error: "Can't verify CSRF token authenticity." };

describeEachDialect('CSRF tokens bound to the session', (dialect) => {
  let server: TestServer;
  const dist = useWebDist();
  // no SECRET_KEY_BASE: the server makes one and keeps it in the database
  beforeAll(async () => {
    server = await createTestServer(dialect, { webDistDir: dist.dir, secretKeyBase: null });
  });
  afterAll(async () => server.close());

  /** The page's CSRF token and the visitor cookie it set, if any. */
  async function pageToken(cookies: Record<string, string> = {}) {
    const response = await server.app.inject({ url: '/', cookies });
    const visitor = response.cookies.find((c) => c.name === '_palchat_csrf')?.value;
    return { token: dist.stateOf(response.body).csrfToken, visitor };
  }

  /** Signs up as a browser would (the page's token, its visitor cookie) and returns the session cookie. */
  async function signUpSession(username: string): Promise<string> {
    const { token, visitor } = await pageToken();
    const response = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      cookies: { _palchat_csrf: visitor as string },
      headers: { 'x-csrf-token': token },
      payload: {
        username,
        email: `${username}@example.test`,
        password: TEST_PASSWORD,
        password_confirmation: TEST_PASSWORD,
        agreement: true,
      },
    });
    const session = response.cookies.find((c) => c.name === '_palchat_session')?.value;
    if (response.statusCode !== 200 || !session) throw new Error(`sign-up failed: ${response.body}`);
    return session;
  }

  const postStatus = (cookies: Record<string, string>, token: string) =>
    server.app.inject({
      method: 'POST',
      url: '/api/v1/statuses',
      cookies,
      headers: { 'x-csrf-token': token },
      payload: { status: 'posted with the cookie' },
    });

  it('refuses an attacker-chosen cookie and header pair with 403 JSON and writes nothing', async () => {
    const session = await signUpSession('victim');
    const forged = await postStatus({ _palchat_session: session, _palchat_csrf: 'chosen' }, 'chosen');
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(REFUSED);
    expect(await countOf(server, 'statuses')).toBe(0);

    const { token } = await pageToken({ _palchat_session: session });
    const genuine = await postStatus({ _palchat_session: session }, token);
    expect(genuine.statusCode).toBe(200);
    expect(await countOf(server, 'statuses')).toBe(1);
    await server.db.deleteFrom('statuses').execute();
  });

  it("refuses session A's token with session B", async () => {
    const a = await signUpSession('session_a');
    const b = await signUpSession('session_b');
    const tokenOfA = (await pageToken({ _palchat_session: a })).token;
    const tokenOfB = (await pageToken({ _palchat_session: b })).token;
    expect(tokenOfA).not.toBe(tokenOfB);
    // the same visitor cookie that A's browser may still hold does not help either
    const crossed = await postStatus({ _palchat_session: b, _palchat_csrf: tokenOfA }, tokenOfA);
    expect(crossed.statusCode).toBe(403);
    expect(crossed.json()).toEqual(REFUSED);
    expect(await countOf(server, 'statuses')).toBe(0);
  });

  it('protects the signed-out forms with a token bound to the visitor cookie', async () => {
    const fields = {
      username: 'newcomer',
      email: 'newcomer@example.test',
      password: TEST_PASSWORD,
      password_confirmation: TEST_PASSWORD,
      agreement: true,
    };
    const forged = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      cookies: { _palchat_csrf: 'chosen' },
      headers: { 'x-csrf-token': 'chosen' },
      payload: fields,
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json()).toEqual(REFUSED);
    expect(
      await server.db.selectFrom('accounts').select('id').where('username', '=', 'newcomer').execute(),
    ).toEqual([]);

    const { token, visitor } = await pageToken();
    expect(visitor).toBeTruthy();
    expect(token).not.toBe(visitor);
    const other = await pageToken();
    const mismatched = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      cookies: { _palchat_csrf: other.visitor as string },
      headers: { 'x-csrf-token': token },
      payload: fields,
    });
    expect(mismatched.statusCode).toBe(403);
    const genuine = await server.app.inject({
      method: 'POST',
      url: '/auth/sign_up',
      cookies: { _palchat_csrf: visitor as string },
      headers: { 'x-csrf-token': token },
      payload: fields,
    });
    expect(genuine.statusCode).toBe(200);
  });

  it('changes the token on sign-in, and the token of the old session stops working', async () => {
    await signUpSession('returning');
    const signedOut = await pageToken();
    const signIn = async (cookies: Record<string, string>, token: string) => {
      const response = await server.app.inject({
        method: 'POST',
        url: '/auth/sign_in',
        cookies,
        headers: { 'x-csrf-token': token },
        payload: { login: 'returning', password: TEST_PASSWORD },
      });
      expect(response.statusCode).toBe(200);
      return response.cookies.find((c) => c.name === '_palchat_session')?.value as string;
    };
    const first = await signIn({ _palchat_csrf: signedOut.visitor as string }, signedOut.token);
    const firstToken = (await pageToken({ _palchat_session: first })).token;
    expect(firstToken).not.toBe(signedOut.token);
    expect((await postStatus({ _palchat_session: first }, signedOut.token)).statusCode).toBe(403);

    // signing in again from the signed-in page starts a new session with a new token
    const second = await signIn({ _palchat_session: first }, firstToken);
    const secondToken = (await pageToken({ _palchat_session: second })).token;
    expect(secondToken).not.toBe(firstToken);
    expect((await postStatus({ _palchat_session: second }, firstToken)).statusCode).toBe(403);
    expect(await countOf(server, 'statuses')).toBe(0);
    expect((await postStatus({ _palchat_session: second }, secondToken)).statusCode).toBe(200);
    await server.db.deleteFrom('statuses').execute();
  });

  it('keeps its generated secret in the database, so every process accepts the tokens of the others', async () => {
    const session = await signUpSession('scaled');
    const { token } = await pageToken({ _palchat_session: session });
    const sibling = await buildApp(server.ctx);
    try {
      const answer = await sibling.inject({
        method: 'PUT',
        url: '/api/web/settings',
        cookies: { _palchat_session: session },
        headers: { 'x-csrf-token': token },
        payload: { layout: 'mobile' },
      });
      expect(answer.statusCode).toBe(200);
    } finally {
      await sibling.close();
    }
  });
});
